import type { Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';

/**
 * Per-client label overrides from the resources API, loaded into the same Lingui instance as the built-in catalogue.
 *
 * Label values are written by administrators in the spec's style: plain text or HTML with `{{name}}` placeholders.
 * They are not ICU: a lone `{`, a `}` or an apostrophe in them is just a character. So each value is rewritten as an
 * ICU message whose only arguments are the `{{name}}` placeholders, and every other character reads literally.
 * Compiling here, once per resource answer, keeps Lingui's runtime compiler out of the production build.
 */

const SPEC_PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

/**
 * Makes a run of text literal in ICU (MessageFormat, apostrophe mode DOUBLE_OPTIONAL, as @messageformat/parser reads
 * it). Apostrophes are doubled. From the first brace on, the rest of the run is one quoted section (`'{…'`), because
 * quoting each brace on its own breaks when an apostrophe follows it: `'{'''` would swallow the next quote.
 */
function escapeIcuText(text: string): string {
  const firstBrace = text.search(/[{}]/);
  const double = (part: string) => part.replaceAll("'", "''");
  if (firstBrace === -1) return double(text);
  return `${double(text.slice(0, firstBrace))}'${double(text.slice(firstBrace))}'`;
}

/** Turns a spec-style label value (`Hello {{firstName}}`) into an ICU message (`Hello {firstName}`). */
export function labelValueToIcu(value: string): string {
  let icu = '';
  let textStart = 0;
  for (const match of value.matchAll(SPEC_PLACEHOLDER)) {
    icu += `${escapeIcuText(value.slice(textStart, match.index))}{${match[1] ?? ''}}`;
    textStart = match.index + match[0].length;
  }
  return icu + escapeIcuText(value.slice(textStart));
}

/**
 * Compiles the labels of a resource answer into Lingui messages, one per key. Empty values are left out, so a blank
 * label on the server never hides the built-in text.
 */
export function compileOverrides(labels: Record<string, string>): Messages {
  const compiled: Messages = {};
  for (const [key, value] of Object.entries(labels)) {
    if (value.trim() !== '') compiled[key] = compileMessage(labelValueToIcu(value));
  }
  return compiled;
}

/**
 * The reverse of `labelValueToIcu` for what the Edit Mode dialog starts from: a compiled message of the active
 * catalogue written back in the spec's style (`Hello {{firstName}}`). Undefined when the message uses a plural or
 * select, which a label value cannot express (docs/i18n.md), or when there is no message.
 */
export function messageToLabelValue(message: Messages[string] | undefined): string | undefined {
  if (message === undefined) return undefined;
  if (typeof message === 'string') return message;
  let value = '';
  for (const token of message) {
    if (typeof token === 'string') value += token;
    else if (token.length === 1) value += `{{${token[0]}}}`;
    else return undefined;
  }
  return value;
}
