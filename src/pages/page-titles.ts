import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { RouteId } from '../app/routes';
import { labels } from '../i18n/labels';

/**
 * The title of every route of the route table (src/app/routes.ts): the spec's own title labels where it has them. The
 * document title is made of it (src/app/document-head.ts), so a new route without a title does not compile.
 */
export const pageTitles = {
  login: msg({ id: 'Shell_Title_Login', message: 'Sign in' }),
  publicAdmin: msg({ id: 'Shell_Title_Login', message: 'Sign in' }),
  loginCallback: msg({ id: 'Shell_Title_LoginCallback', message: 'Signing you in' }),
  sso: msg({ id: 'Shell_Title_Sso', message: 'Single sign-on' }),
  logout: msg({ id: 'Shell_Title_Logout', message: 'Signing out' }),
  faq: labels.Faq_Text_Title,
  signUp: labels.SignUp_Text_Title,
  signUpWithoutClient: labels.SignUp_Text_Title,
  reset: msg({ id: 'Shell_Title_Reset', message: 'Finding your portal' }),
  resetPassword: labels.ResetPassword_Text_Title,
  dashboard: labels.Dashboard_Text_Title,
  application: labels.Application_Text_Title,
  template: labels.Template_Text_Title,
  client: labels.Client_Text_Title,
  field: labels.Field_Text_Title,
  profile: msg({ id: 'Shell_Title_Profile', message: 'User profile' }),
  manageUsers: labels.Instance_Text_Title,
  findPerson: labels.Instance_Text_FindTitle,
  faqEditor: labels.Faq_Text_EditorTitle,
  auditLog: labels.Log_Text_AuditTitle,
  errorLog: labels.Log_Text_ErrorTitle,
  apiTokens: labels.ApiToken_Text_Title,
  identityProviders: labels.IdentityProvider_Text_Title,
  termsEditor: labels.TermsEditor_Text_Title,
  boardIndex: msg({ id: 'Shell_Title_Board', message: 'Your applications' }),
  editProfile: msg({ id: 'Shell_Title_EditProfile', message: 'Edit your profile' }),
  myAccount: msg({ id: 'Shell_Title_MyAccount', message: 'My account' }),
  goodbye: msg({ id: 'Shell_Title_Goodbye', message: 'Your account is closed' }),
  // The inspector's own catalogue loads with its page; the tab's title is in the app's.
  flowInspector: msg({ id: 'Shell_Title_FlowInspector', message: 'Flow inspector' }),
} satisfies Record<RouteId, MessageDescriptor>;
