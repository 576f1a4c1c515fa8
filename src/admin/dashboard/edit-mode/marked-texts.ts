import { hasMarks, readMarks, stripMarks } from '@src/i18n/edit-markers';
import { HTML_EDIT_KEY_ATTRIBUTE } from '@src/ui/HtmlLabel';
import { EDIT_IGNORE_ATTRIBUTE } from './ignore-attribute';

/** The attribute a marked element carries: the id of the text it shows. */
const EDIT_KEY_ATTRIBUTE = 'data-edit-key';
/** Set on <html> while Edit Mode is on; the outline styles hang on it. */
const ROOT_ATTRIBUTE = 'data-edit-mode';
const TEXT_ATTRIBUTES = ['aria-label', 'placeholder', 'title', 'alt'];

/** The visible affordance: a dashed outline on every editable text, solid under the pointer. */
// eslint-disable-next-line lingui/no-unlocalized-strings -- a style sheet, not a text a person reads
const STYLES = `
html[${ROOT_ATTRIBUTE}] [${EDIT_KEY_ATTRIBUTE}] { outline: 1px dashed #d97706; outline-offset: 1px; cursor: pointer; }
html[${ROOT_ATTRIBUTE}] [${EDIT_KEY_ATTRIBUTE}]:hover { outline: 2px solid #d97706; background-color: rgba(217, 119, 6, 0.08); }
html[${ROOT_ATTRIBUTE}] [${EDIT_IGNORE_ATTRIBUTE}] [${EDIT_KEY_ATTRIBUTE}] { outline: none; cursor: auto; background-color: transparent; }
`;

/** Tags every element that shows a marked text (in a text node or a text attribute) with its id. */
function tagMarkedTexts(root: Element): void {
  const doc = root.ownerDocument;
  const walker = doc.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const tagged = new Set<Element>();
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    const text = node.nodeValue ?? '';
    const parent = node.parentElement;
    if (parent === null || !hasMarks(text)) continue;
    const [id] = readMarks(text);
    if (id !== undefined && !tagged.has(parent)) {
      parent.setAttribute(EDIT_KEY_ATTRIBUTE, id);
      tagged.add(parent);
    }
  }
  // HtmlLabel moved its label's mark to the box it renders into (the HTML itself is rendered unmarked).
  for (const element of root.querySelectorAll(`[${HTML_EDIT_KEY_ATTRIBUTE}]`)) {
    const id = element.getAttribute(HTML_EDIT_KEY_ATTRIBUTE);
    if (id !== null && !tagged.has(element)) {
      element.setAttribute(EDIT_KEY_ATTRIBUTE, id);
      tagged.add(element);
    }
  }
  const selector = TEXT_ATTRIBUTES.map((name) => `[${name}]`).join(',');
  for (const element of root.querySelectorAll(selector)) {
    if (tagged.has(element)) continue;
    const id = TEXT_ATTRIBUTES.flatMap((name) => readMarks(element.getAttribute(name) ?? ''))[0];
    if (id !== undefined) {
      element.setAttribute(EDIT_KEY_ATTRIBUTE, id);
      tagged.add(element);
    }
  }
  // A text that changed to an unmarked one (or went) leaves no stale tag behind.
  for (const element of root.querySelectorAll(`[${EDIT_KEY_ATTRIBUTE}]`)) {
    if (!tagged.has(element)) element.removeAttribute(EDIT_KEY_ATTRIBUTE);
  }
}

/** What a person reads on an element: its text, else its label or placeholder, without marks. */
export function shownTextOf(element: Element): string {
  const text = element.textContent;
  if (stripMarks(text).trim() !== '') return stripMarks(text).trim();
  for (const name of TEXT_ATTRIBUTES) {
    const value = element.getAttribute(name);
    if (value !== null) return stripMarks(value).trim();
  }
  return '';
}

/**
 * Keeps the page's marked texts tagged while Edit Mode is on and turns a click on one into `onPick(id, element)`
 * instead of what the click would have done (a link, a button). Returns the function that undoes all of it.
 */
export function watchMarkedTexts(doc: Document, onPick: (id: string, element: Element) => void): () => void {
  const body = doc.body;
  const style = doc.createElement('style');
  style.textContent = STYLES;
  doc.head.append(style);
  doc.documentElement.setAttribute(ROOT_ATTRIBUTE, 'on');

  let scheduled = false;
  const retag = () => {
    scheduled = false;
    tagMarkedTexts(body);
  };
  const observer = new MutationObserver(() => {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(retag);
  });
  // Our own data-edit-key writes are not observed (attributeFilter), so tagging never feeds itself.
  observer.observe(body, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
    attributeFilter: [...TEXT_ATTRIBUTES, HTML_EDIT_KEY_ATTRIBUTE],
  });
  tagMarkedTexts(body);

  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    const element = target?.closest(`[${EDIT_KEY_ATTRIBUTE}]`);
    if (!element || target?.closest(`[${EDIT_IGNORE_ATTRIBUTE}]`)) return;
    const id = element.getAttribute(EDIT_KEY_ATTRIBUTE);
    if (id === null) return;
    event.preventDefault();
    event.stopPropagation();
    onPick(id, element);
  };
  doc.addEventListener('click', onClick, true);

  return () => {
    doc.removeEventListener('click', onClick, true);
    observer.disconnect();
    style.remove();
    doc.documentElement.removeAttribute(ROOT_ATTRIBUTE);
    for (const element of body.querySelectorAll(`[${EDIT_KEY_ATTRIBUTE}]`)) element.removeAttribute(EDIT_KEY_ATTRIBUTE);
  };
}
