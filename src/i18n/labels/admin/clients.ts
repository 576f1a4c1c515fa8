import { msg } from '@lingui/core/macro';

/**
 * Manage Clients, the client dialog (`Client_Field_*` are the titles of its inputs) and the client-application
 * dialog (`ClientApplication_Field_*`).
 */
export const clientLabels = {
  Client_Button_Add: msg({ id: 'Client_Button_Add', message: 'Add client' }),
  Client_Text_DeleteConfirm: msg({ id: 'Client_Text_DeleteConfirm', message: 'Delete the client {clientName}?' }),
  Client_Button_ConfirmDelete: msg({ id: 'Client_Button_ConfirmDelete', message: 'Delete client' }),
  Client_Text_DeleteFailTitle: msg({ id: 'Client_Text_DeleteFailTitle', message: 'The client could not be deleted' }),
  Client_Text_ClientTab: msg({ id: 'Client_Text_ClientTab', message: 'Client' }),
  Client_Text_ApplicationsTab: msg({ id: 'Client_Text_ApplicationsTab', message: 'Applications' }),
  Client_Text_SaveFirstWarning: msg({
    id: 'Client_Text_SaveFirstWarning',
    message: 'Save the client before activating its applications.',
  }),
  Client_Text_NewTitle: msg({ id: 'Client_Text_NewTitle', message: 'New client' }),
  Client_Text_EditTitle: msg({ id: 'Client_Text_EditTitle', message: 'Client {clientName}' }),
  Client_Text_StaleUpdate: msg({
    id: 'Client_Text_StaleUpdate',
    message:
      'Someone else changed this client after you opened it, so nothing was saved. Reload their version, or keep yours and save it over theirs.',
  }),
  Client_Text_ApplicationsUnavailable: msg({
    id: 'Client_Text_ApplicationsUnavailable',
    message: 'The applications of this client could not be loaded.',
  }),
  Client_Text_NoCmsSite: msg({ id: 'Client_Text_NoCmsSite', message: 'No CMS site' }),
  Client_Field_ClientName: msg({ id: 'Client_Field_ClientName', message: 'Client name' }),
  Client_Field_CmsClientId: msg({ id: 'Client_Field_CmsClientId', message: 'CMS site' }),
  Client_Field_OktaPrefix: msg({ id: 'Client_Field_OktaPrefix', message: 'Okta prefix' }),
  Client_Field_PortalAlias: msg({ id: 'Client_Field_PortalAlias', message: 'Portal alias' }),
  Client_Field_AutoSignUp: msg({ id: 'Client_Field_AutoSignUp', message: 'Automatic sign-up' }),
  // SSOID (spec §3 Client): an entry of the federation registry (issue 31 item 1).
  Client_Field_SsoId: msg({ id: 'Client_Field_SsoId', message: 'Single sign-on provider' }),
  Client_Text_NoSsoId: msg({ id: 'Client_Text_NoSsoId', message: 'None (the sign-in page)' }),
  // How people provisioned by SCIM sign in first (clients.scim_sign_in).
  Client_Field_ScimSignIn: msg({ id: 'Client_Field_ScimSignIn', message: 'People provisioned by SCIM' }),
  Client_Option_ScimActivationMail: msg({
    id: 'Client_Option_ScimActivationMail',
    message: 'get an activation mail',
  }),
  Client_Option_ScimImmediate: msg({ id: 'Client_Option_ScimImmediate', message: 'can sign in at once' }),
  Client_Field_AllowAccountClosing: msg({
    id: 'Client_Field_AllowAccountClosing',
    message: 'People may close their own account',
  }),
  // The client's RecaptchaFeatureEnabled setting (public-and-profile §5 "Text flags").
  Client_Field_RecaptchaFeatureEnabled: msg({
    id: 'Client_Field_RecaptchaFeatureEnabled',
    message: 'Ask for the captcha on sign-up',
  }),
  Client_Field_Id: msg({ id: 'Client_Field_Id', message: 'Id' }),
  Client_Button_Save: msg({ id: 'Client_Button_Save', message: 'Save' }),
  Client_Button_Cancel: msg({ id: 'Client_Button_Cancel', message: 'Cancel' }),
  Client_Button_EditTemplate: msg({
    id: 'Client_Button_EditTemplate',
    message: 'Edit the template of {applicationName}',
  }),
  ClientApplication_Text_Title: msg({
    id: 'ClientApplication_Text_Title',
    message: 'Template of {applicationName}',
  }),
  ClientApplication_Text_StaleUpdate: msg({
    id: 'ClientApplication_Text_StaleUpdate',
    message:
      'Someone else changed this application after you opened it, so nothing was saved. Reload their version, or keep yours and save it over theirs.',
  }),
  ClientApplication_Button_Save: msg({ id: 'ClientApplication_Button_Save', message: 'Save' }),
  ClientApplication_Button_Cancel: msg({ id: 'ClientApplication_Button_Cancel', message: 'Cancel' }),
  ClientApplication_Field_Template: msg({ id: 'ClientApplication_Field_Template', message: 'Template' }),
  ClientApplication_Field_OktaContainerLabel: msg({
    id: 'ClientApplication_Field_OktaContainerLabel',
    message: 'Okta container label',
  }),
  ClientApplication_Field_OktaContainer: msg({
    id: 'ClientApplication_Field_OktaContainer',
    message: 'Okta container',
  }),
  ClientApplication_Field_RolesApiUrl: msg({ id: 'ClientApplication_Field_RolesApiUrl', message: 'Roles API URL' }),
  ClientApplication_Field_ExcludedRoles: msg({
    id: 'ClientApplication_Field_ExcludedRoles',
    message: 'Excluded roles (no role list offers them but the person’s own)',
  }),
};
