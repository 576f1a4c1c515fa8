import { msg } from '@lingui/core/macro';

/** Titles of every page, the admin area's too: the document title is set from the route table, which the entry carries. */
export const pageTitleLabels = {
  ApiToken_Text_Title: msg({ id: 'ApiToken_Text_Title', message: 'API tokens' }),
  TermsEditor_Text_Title: msg({ id: 'TermsEditor_Text_Title', message: 'Terms of use' }),
  IdentityProvider_Text_Title: msg({ id: 'IdentityProvider_Text_Title', message: 'Identity providers' }),
  Application_Text_Title: msg({ id: 'Application_Text_Title', message: 'Manage applications' }),
  Client_Text_Title: msg({ id: 'Client_Text_Title', message: 'Manage clients' }),
  Dashboard_Text_Title: msg({ id: 'Dashboard_Text_Title', message: 'Dashboard' }),
  Faq_Text_EditorTitle: msg({ id: 'Faq_Text_EditorTitle', message: 'Help page questions' }),
  Field_Text_Title: msg({ id: 'Field_Text_Title', message: 'Manage fields' }),
  Instance_Text_Title: msg({ id: 'Instance_Text_Title', message: 'Manage users' }),
  Instance_Text_FindTitle: msg({ id: 'Instance_Text_FindTitle', message: 'Find a person' }),
  Log_Text_AuditTitle: msg({ id: 'Log_Text_AuditTitle', message: 'Audit log' }),
  Log_Text_ErrorTitle: msg({ id: 'Log_Text_ErrorTitle', message: 'Error log' }),
  Template_Text_Title: msg({ id: 'Template_Text_Title', message: 'Manage templates' }),
};
