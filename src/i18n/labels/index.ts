import type { MessageDescriptor } from '@lingui/core';
import { adminLabels } from './admin';
import { errorLabels } from './errors';
import { globalLabels } from './global';
import { loginLabels } from './login';
import { publicLabels } from './public';
import { sessionLabels } from './session';
import { validationLabels } from './validation';

export { resourceListKeys, type ResourceListKey } from './lists';

/**
 * Every resource label key the specification names, with its default (en-us) text. The keys are the Lingui message
 * ids, so a per-client override from the resources API replaces exactly this message in the same Lingui instance.
 * Use a label through this registry (`labels.Global_Error_401`), never by re-declaring its id elsewhere.
 */
export const labels = {
  ...errorLabels,
  ...globalLabels,
  ...validationLabels,
  ...loginLabels,
  ...sessionLabels,
  ...publicLabels,
  ...adminLabels,
} satisfies Record<string, MessageDescriptor>;

export type LabelKey = keyof typeof labels;

export function isLabelKey(key: string): key is LabelKey {
  return Object.hasOwn(labels, key);
}
