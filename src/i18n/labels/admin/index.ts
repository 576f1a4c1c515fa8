import { dashboardLabels } from './dashboard';
import { applicationLabels } from './applications';
import { clientLabels } from './clients';
import { fieldLabels } from './fields';
import { templateLabels } from './templates';
import { instanceLabels } from './instances';
import { importLabels } from './import';
import { faqEditorLabels } from './faq';
import { invitationLabels } from './invitations';
import { logLabels } from './logs';
import { apiTokenLabels } from './api-tokens';
import { identityProviderLabels } from './identity-providers';
import { termsEditorLabels } from './terms';

/** The admin area, one file per page. */
export const adminLabels = {
  ...dashboardLabels,
  ...applicationLabels,
  ...clientLabels,
  ...fieldLabels,
  ...templateLabels,
  ...instanceLabels,
  ...importLabels,
  ...faqEditorLabels,
  ...invitationLabels,
  ...logLabels,
  ...apiTokenLabels,
  ...identityProviderLabels,
  ...termsEditorLabels,
};
