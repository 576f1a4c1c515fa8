import { expect, it } from 'vitest';
import { sanitiseHtml } from '@src/i18n/sanitise';

// This file runs in the node environment: there is no DOM to sanitise with.
it('fails closed without a DOM, escaping the whole input so it shows as text', () => {
  expect(sanitiseHtml('<b onclick="x()">Hi</b> & bye')).toBe(
    '&#60;b onclick=&#34;x()&#34;&#62;Hi&#60;/b&#62; &#38; bye',
  );
});
