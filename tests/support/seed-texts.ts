import { demoInputs } from '@server/db/seed/world/inputs';
import { demoLists } from '@server/db/seed/world/lists';
import { portalMenu } from '@server/db/builtin/portal-menu';
import { demoFields } from '@server/db/seed/world/fields';
import { demoClientLabels, demoGlobalLabels } from '@server/db/seed/world/labels';

/** The demo world's texts a person reads (labels, inputs, fields, lists, menu), each a `{ 'en-us': …, es: … }`. */
const seeded = [demoInputs, demoLists, portalMenu, demoFields, demoGlobalLabels, demoClientLabels];

/** Every text of the given cultures in the demo world's seed, however deep it sits (the FAQ is not among them). */
export function seededTexts(cultures: readonly string[], value: unknown = seeded, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => seededTexts(cultures, item, found));
  else if (value !== null && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) {
      if (cultures.includes(key) && typeof inner === 'string') found.push(inner);
      else seededTexts(cultures, inner, found);
    }
  return found;
}
