/**
 * A strict allow-list cleaner for HTML written by administrators (FAQ answers), for where no DOM exists to run
 * DOMPurify: the server cleans every answer before it is stored, so a database row never holds a script even if a
 * caller skips the SPA. Pages still sanitise on render with DOMPurify (src/i18n/sanitise.ts). It keeps the same
 * formatting tags and link rules as the renderer: tags outside the list go (their text stays, as text), elements whose
 * content is code or markup go whole, every attribute but `href`, `title` and `target` goes, a link keeps only an
 * http, https or mailto address, and any `<` or `>` left in text is escaped.
 */
export const SAFE_TAGS: ReadonlySet<string> = new Set([
  'a',
  'b',
  'blockquote',
  'br',
  'code',
  'div',
  'em',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'li',
  'ol',
  'p',
  'pre',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'u',
  'ul',
]);

/** Elements dropped with everything inside them: their content is code, styles or markup, never text to read. */
const DROPPED_WHOLE = [
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'noscript',
  'textarea',
  'title',
  'xmp',
  'svg',
  'math',
];
const wholeElement = new RegExp(`<(${DROPPED_WHOLE.join('|')})\\b[^>]*>[\\s\\S]*?(?:<\\/\\1\\s*>|$)`, 'gi');
const comment = /<!--[\s\S]*?(?:-->|$)|<![^>]*>|<\?[^>]*>/g;
const tag = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)([^<>]*)>/g;
const attribute = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const SAFE_URL = /^(?:https?:\/\/|mailto:)[^\s"'<>]*$/i;

const escapeText = (text: string) => text.replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeValue = (value: string) => value.replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function keptAttributes(name: string, raw: string): string {
  const kept: string[] = [];
  for (const [, key = '', double, single, bare] of raw.matchAll(attribute)) {
    const value = (double ?? single ?? bare ?? '').trim();
    const lower = key.toLowerCase();
    if (lower === 'title') kept.push(`title="${escapeValue(value)}"`);
    if (name === 'a' && lower === 'href' && SAFE_URL.test(value)) kept.push(`href="${escapeValue(value)}"`);
    // A link that opens a new tab must not hand the opened page a reference back to ours.
    if (name === 'a' && lower === 'target' && value === '_blank')
      kept.push('target="_blank" rel="noopener noreferrer"');
  }
  return kept.map((text) => ` ${text}`).join('');
}

export function cleanHtml(html: string): string {
  const source = html.replace(wholeElement, '').replace(comment, '');
  let out = '';
  let from = 0;
  for (const match of source.matchAll(tag)) {
    const [whole, closing = '', rawName = '', rest = ''] = match;
    out += escapeText(source.slice(from, match.index));
    from = match.index + whole.length;
    const name = rawName.toLowerCase();
    if (!SAFE_TAGS.has(name)) continue;
    out += closing === '/' ? `</${name}>` : `<${name}${keptAttributes(name, rest)}>`;
  }
  return out + escapeText(source.slice(from));
}
