import { describe, expect, it } from 'vitest';
import { cleanHtml } from '@contracts/safe-html';

/** The server's cleaner of stored FAQ answers (contracts/safe-html.ts): formatting stays, anything that runs goes. */
describe('cleanHtml', () => {
  it('keeps formatting and safe links', () => {
    const html =
      '<p>Hi <strong>there</strong> <a href="https://acme.test/a?b=1" title="Help">help</a></p><ul><li>x</li></ul>';
    expect(cleanHtml(html)).toBe(html);
    expect(cleanHtml('<a href="mailto:help@acme.test">m</a>')).toBe('<a href="mailto:help@acme.test">m</a>');
  });

  it('drops scripts, styles, frames and markup whole, with what is inside them', () => {
    expect(
      cleanHtml('<p>a</p><script>alert(1)</script><style>p{}</style><iframe src="x"></iframe><svg><g/></svg>'),
    ).toBe('<p>a</p>');
    expect(cleanHtml('<scr<script>ipt>alert(1)</script>')).toBe('&lt;scr');
  });

  it('drops event handlers, styles and classes, and links that are not http, https or mailto', () => {
    expect(cleanHtml('<p onclick="alert(1)" style="x" class="y">t</p>')).toBe('<p>t</p>');
    expect(cleanHtml('<a href="javascript:alert(1)">x</a><a href=" JaVaScRiPt:alert(1)">y</a>')).toBe(
      '<a>x</a><a>y</a>',
    );
    expect(cleanHtml('<img src=x onerror=alert(1)>')).toBe('');
  });

  it('opens a new tab without a reference back, and escapes stray brackets', () => {
    expect(cleanHtml('<a href="https://x.test" target="_blank">x</a>')).toBe(
      '<a href="https://x.test" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(cleanHtml('1 < 2 > 0')).toBe('1 &lt; 2 &gt; 0');
  });
});
