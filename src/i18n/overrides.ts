import type { Messages } from '@lingui/core';

/**
 * Per-client label overrides from the resources API, loaded into the same Lingui instance as the built-in catalogue.
 *
 * Label values are written by administrators in the spec's style: plain text or HTML with `{{name}}` placeholders.
 * They are not ICU: a lone `{`, a `}`, a `#` or an apostrophe in them is just a character, and they have no plural or
 * select. So a value compiles straight into Lingui's compiled form (text runs and `[name]` arguments) with no ICU
 * parser at all: neither Lingui's runtime compiler nor its message parser ships in the SPA.
 */

const SPEC_PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

type CompiledLabel = (string | [string])[];

/** Compiles a spec-style label value (`Hello {{firstName}}`) into a Lingui message (`['Hello ', ['firstName']]`). */
export function compileLabelValue(value: string): CompiledLabel {
  const tokens: CompiledLabel = [];
  let textStart = 0;
  for (const match of value.matchAll(SPEC_PLACEHOLDER)) {
    if (match.index > textStart) tokens.push(value.slice(textStart, match.index));
    tokens.push([match[1] ?? '']);
    textStart = match.index + match[0].length;
  }
  if (textStart < value.length || tokens.length === 0) tokens.push(value.slice(textStart));
  return tokens;
}

/**
 * Compiles the labels of a resource answer into Lingui messages, one per key. Empty values are left out, so a blank
 * label on the server never hides the built-in text.
 */
export function compileOverrides(labels: Record<string, string>): Messages {
  const compiled: Messages = {};
  for (const [key, value] of Object.entries(labels)) {
    if (value.trim() !== '') compiled[key] = compileLabelValue(value);
  }
  return compiled;
}

/**
 * The reverse of `compileLabelValue` for what the Edit Mode dialog starts from: a compiled message of the active
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
