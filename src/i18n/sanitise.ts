import DOMPurify, { type Config } from 'dompurify';
import { SAFE_TAGS } from '@contracts/safe-html';

/**
 * HTML in labels (error modal bodies, menu captions, label edits from the dashboard's Edit Mode) comes from
 * administrators and the API, so it is sanitised before it is rendered: basic formatting and links stay; scripts,
 * styles, event handlers, frames, forms and any URL scheme other than http, https and mailto go.
 */
const config: Config = {
  // The same tags the server keeps when it cleans stored HTML (contracts/safe-html.ts).
  ALLOWED_TAGS: [...SAFE_TAGS],
  ALLOWED_ATTR: ['href', 'title', 'target', 'rel'],
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
  // DOMPurify checks every attribute it does not know as safe against the URI pattern, which `_blank` fails.
  ADD_URI_SAFE_ATTR: ['target', 'rel'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};

type Purifier = ReturnType<typeof DOMPurify>;
let purifier: Purifier | undefined;

/**
 * One purifier of our own (not the shared default instance), so the hook below cannot affect other DOMPurify users.
 * Created on first use, when a window exists (the browser, jsdom).
 */
function getPurifier(): Purifier | undefined {
  if (purifier) return purifier;
  if (typeof window === 'undefined') return undefined;
  const created = DOMPurify(window);
  if (!created.isSupported) return undefined;
  // A link that opens a new tab must not hand the opened page a reference back to ours.
  created.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.hasAttribute('target')) node.setAttribute('rel', 'noopener noreferrer');
  });
  purifier = created;
  return purifier;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${String(char.codePointAt(0))};`);

/**
 * Returns HTML that is safe to render with `dangerouslySetInnerHTML`. Without a DOM to sanitise with, it fails closed:
 * the whole input is escaped and shows as text.
 */
export function sanitiseHtml(html: string): string {
  const active = getPurifier();
  return active ? active.sanitize(html, config) : escapeHtml(html);
}

/** Whether a label value is written as HTML (a tag or an entity), so it is sanitised before it is saved. */
export const looksLikeHtml = (value: string): boolean => /<[a-z/!]|&[a-z#0-9]+;/i.test(value);
