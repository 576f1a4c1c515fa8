// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sanitiseHtml } from '@src/i18n/sanitise';

describe('sanitiseHtml', () => {
  it('keeps basic formatting and safe links', () => {
    const html =
      '<p>Read the <strong>terms</strong>, <em>then</em> <a href="https://example.test/terms" title="Terms">accept</a>.</p>' +
      '<ul><li>one</li></ul><a href="mailto:help@example.test">Help</a>';
    expect(sanitiseHtml(html)).toBe(html);
  });

  it('removes scripts, styles and event handlers', () => {
    const html =
      '<p onclick="steal()">Hi<script>alert(1)</script><style>p{display:none}</style>' +
      '<img src="x" onerror="alert(2)"><span style="color:red">there</span></p>';
    expect(sanitiseHtml(html)).toBe('<p>Hi<span>there</span></p>');
  });

  it('drops link targets that are not http, https or mailto', () => {
    expect(sanitiseHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitiseHtml('<a href=" JaVaScRiPt:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitiseHtml('<a href="data:text/html,<script>alert(1)</script>">x</a>')).toBe('<a>x</a>');
  });

  it('removes frames and forms', () => {
    expect(sanitiseHtml('<iframe src="https://example.test"></iframe><form><input name="a"></form>ok')).toBe('ok');
  });

  it('stops a new tab from reaching back to the portal', () => {
    expect(sanitiseHtml('<a href="https://example.test" target="_blank">x</a>')).toBe(
      '<a href="https://example.test" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });
});
