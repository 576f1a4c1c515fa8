import { describe, expect, it } from 'vitest';
import { catalogueStatuses } from '@contracts/errors';
import { labels } from '@src/i18n/admin-labels';
import { labels as sharedLabels, resourceListKeys } from '@src/i18n/labels';
import { adminLabels } from '@src/i18n/labels/admin';
import { readCatalogue, SOURCE_LOCALE } from './po-catalogues';
import { SPEC_KEY_PATTERN, specLabelKeys } from './spec-label-keys';

// The admin registry is the whole one: the shared labels and the admin area's.
const registry = Object.entries(labels);
const isLabelKey = (key: string) => Object.hasOwn(labels, key);
const listKeys: readonly string[] = resourceListKeys;

/** Whether the registry accounts for a key as the spec writes it (plain key, `Family_*` or `Global_Error_{code}`). */
function registryCovers(specKey: string): boolean {
  if (specKey === 'Global_Error_{code}')
    return catalogueStatuses.every((status) => isLabelKey(`Global_Error_${status}`));
  if (specKey.endsWith('_*')) {
    const family = specKey.slice(0, -1);
    return registry.some(([key]) => key.startsWith(family));
  }
  return isLabelKey(specKey) || listKeys.includes(specKey);
}

describe('the label registry', () => {
  it('uses each key as its message id', () => {
    expect(registry.filter(([key, descriptor]) => descriptor.id !== key).map(([key]) => key)).toEqual([]);
  });

  it('gives every label an English default text', () => {
    expect(registry.filter(([, descriptor]) => !descriptor.message?.trim()).map(([key]) => key)).toEqual([]);
  });

  it('accounts for every key the specification names', () => {
    expect(specLabelKeys.filter((key) => !registryCovers(key))).toEqual([]);
  });

  it('keeps resource lists apart from texts', () => {
    expect(listKeys.filter((key) => isLabelKey(key))).toEqual([]);
  });

  it.each([
    ['labels', sharedLabels],
    ['admin', adminLabels],
  ] as const)('is what the en-us %s catalogue was extracted from', async (kind, part) => {
    const extracted = await readCatalogue(SOURCE_LOCALE, kind);
    const entries = Object.entries(part);
    const stale = entries.filter(([key, descriptor]) => extracted.get(key) !== descriptor.message).map(([key]) => key);
    const orphaned = [...extracted.keys()].filter((id) => !Object.hasOwn(part, id));
    expect({ stale, orphaned }).toEqual({ stale: [], orphaned: [] });
  });

  it('keeps the admin area apart: no admin key is also a shared one', () => {
    expect(Object.keys(adminLabels).filter((key) => Object.hasOwn(sharedLabels, key))).toEqual([]);
  });
});

describe('the committed list of spec keys', () => {
  // Re-scanning the specification itself is `npm run spec-keys` (scripts/spec-keys.ts): the spec folder sits beside
  // the repository in the team's workspace, not in a clone, and a test must not depend on where it was cloned.
  it('is sorted and unique, and every entry is a key as the spec writes it', () => {
    expect([...new Set(specLabelKeys)].sort()).toEqual([...specLabelKeys]);
    const misshapen = specLabelKeys.filter(
      (key) => [...key.matchAll(SPEC_KEY_PATTERN)].map((m) => m[0]).join() !== key,
    );
    expect(misshapen).toEqual([]);
  });
});
