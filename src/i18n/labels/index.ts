import type { MessageDescriptor } from '@lingui/core';
import { cultureLabels } from './cultures';
import { errorLabels } from './errors';
import { globalLabels } from './global';
import { loginLabels } from './login';
import { pageTitleLabels } from './page-titles';
import { profileFormLabels } from './profile-form';
import { publicLabels } from './public';
import { sessionLabels } from './session';
import { validationLabels } from './validation';

export { resourceListKeys, type ResourceListKey } from './lists';

/**
 * Every resource label key the specification names, with its default (en-us) text. The keys are the Lingui message
 * ids, so a per-client override from the resources API replaces exactly this message in the same Lingui instance.
 * Use a label through this registry (`labels.Global_Error_401`), never by re-declaring its id elsewhere. The admin
 * area's labels are in their own registry (src/i18n/admin-labels.ts) and catalogue, loaded with the admin area.
 */
export const labels = {
  ...errorLabels,
  ...globalLabels,
  ...validationLabels,
  ...loginLabels,
  ...sessionLabels,
  ...publicLabels,
  ...pageTitleLabels,
  ...profileFormLabels,
  ...cultureLabels,
} satisfies Record<string, MessageDescriptor>;

export type LabelKey = keyof typeof labels;
