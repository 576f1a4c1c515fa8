import { fieldMetaTags, type FieldMetaTag } from '@contracts/field-kinds';
import type { FormField } from '@contracts/profile-form';

/**
 * What a link from a client application asks of the profile form (spec public-and-profile §2 "Query parameters used
 * across pages"; docs/links.md): a parameter named after a field's meta tag prefills that field, and `EF`/`DF` carry
 * comma-separated meta tags to enable or disable. Everything in an address is untrusted text: values are capped,
 * only ever shown as text, validated by the field's own rules like typed input, and a link can never make a field
 * editable that its definition, template or the viewer's role keeps read-only. What a link asks and cannot have is
 * listed (`problems`) so the page can say so; it changes nothing else.
 */

/** No field of the portal is longer; a longer value is refused whole rather than cut. */
export const LINK_VALUE_LIMIT = 1024;

export type LinkProblem =
  { kind: 'tooLong'; parameter: string } | { kind: 'unknownTag'; parameter: 'EF' | 'DF'; tag: string };

export type LinkControls = {
  /** Meta tag → the value to start the field with. */
  prefill: Readonly<Partial<Record<FieldMetaTag, string>>>;
  /** Meta tags whose fields are read-only for this visit (`DF`, less any `EF` names again). */
  disabled: readonly FieldMetaTag[];
  /**
   * The profile page's `filterFields`: only these fields (by field name or meta tag, any case) are shown; undefined
   * shows every field the viewer may see. It can only take fields away, never show a hidden one.
   */
  onlyFields?: readonly string[];
  problems: readonly LinkProblem[];
};

export const noLinkControls: LinkControls = { prefill: {}, disabled: [], problems: [] };

/** Meta tags match without regard to case (`firstname=Ana` is `FirstName`), as the rest of the address does. */
const tagNamed = (name: string): FieldMetaTag | undefined =>
  fieldMetaTags.find((tag) => tag.toLowerCase() === name.trim().toLowerCase());

function tagList(parameter: 'EF' | 'DF', text: string, problems: LinkProblem[]): FieldMetaTag[] {
  return text
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '')
    .flatMap((name) => {
      const tag = tagNamed(name);
      if (tag === undefined) problems.push({ kind: 'unknownTag', parameter, tag: name.slice(0, 40) });
      return tag === undefined ? [] : [tag];
    });
}

/** A query parameter of the given name, whatever its case (`ef`, `Ef` and `EF` alike). */
const parameterNamed = (query: Readonly<Record<string, string>>, name: string) =>
  Object.entries(query).find(([key]) => key.toLowerCase() === name.toLowerCase());

export function linkControlsOf(
  query: Readonly<Record<string, string>>,
  kept: { filterFields?: string | undefined } = {},
): LinkControls {
  const problems: LinkProblem[] = [];
  const usable = (parameter: string, value: string) => {
    if (value.length <= LINK_VALUE_LIMIT) return true;
    problems.push({ kind: 'tooLong', parameter: parameter.slice(0, 40) });
    return false;
  };
  const prefill: Partial<Record<FieldMetaTag, string>> = {};
  for (const [parameter, value] of Object.entries(query)) {
    const tag = tagNamed(parameter);
    if (tag !== undefined && usable(parameter, value)) prefill[tag] = value;
  }
  const listOf = (parameter: 'EF' | 'DF') => {
    const [name, value] = parameterNamed(query, parameter) ?? [parameter, ''];
    return usable(name, value) ? tagList(parameter, value, problems) : [];
  };
  const enabled = new Set(listOf('EF'));
  const disabled = listOf('DF').filter((tag) => !enabled.has(tag));
  const onlyFields = kept.filterFields
    ?.split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '');
  return {
    prefill,
    disabled: [...new Set(disabled)],
    problems,
    ...(onlyFields === undefined || onlyFields.length === 0 ? {} : { onlyFields }),
  };
}

/** The link's start value of a field, if it names the field's meta tag. */
export const linkPrefillOf = (field: FormField, link: LinkControls): string | undefined =>
  field.metaTag === null ? undefined : link.prefill[field.metaTag as FieldMetaTag];

/** Shown by the profile page's `filterFields`, when it names any (by field name or meta tag). */
export const isShownByLink = (field: FormField, link: LinkControls): boolean =>
  link.onlyFields === undefined ||
  link.onlyFields.includes(field.fieldName.toLowerCase()) ||
  (field.metaTag !== null && link.onlyFields.includes(field.metaTag.toLowerCase()));

/** Read-only for this visit because the link's `DF` names the field's meta tag. */
export const isDisabledByLink = (field: FormField, link: LinkControls): boolean =>
  field.metaTag !== null && link.disabled.includes(field.metaTag as FieldMetaTag);
