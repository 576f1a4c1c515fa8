import { msg } from '@lingui/core/macro';

/** The API tokens page (issue 33 item 1). */
export const apiTokenLabels = {
  ApiToken_Text_Intro: msg({
    id: 'ApiToken_Text_Intro',
    message:
      'Tokens let other systems call the identity provider’s management API (Authorization: SSWS <token>) with their owner’s rights.',
  }),
  ApiToken_Text_Loading: msg({ id: 'ApiToken_Text_Loading', message: 'Reading the tokens…' }),
  ApiToken_Text_LoadFailed: msg({ id: 'ApiToken_Text_LoadFailed', message: 'The tokens could not be read.' }),
  ApiToken_Text_None: msg({ id: 'ApiToken_Text_None', message: 'No API tokens yet.' }),
  ApiToken_Button_Retry: msg({ id: 'ApiToken_Button_Retry', message: 'Try again' }),
  ApiToken_Button_New: msg({ id: 'ApiToken_Button_New', message: 'New token' }),
  ApiToken_Button_Create: msg({ id: 'ApiToken_Button_Create', message: 'Create token' }),
  ApiToken_Button_Cancel: msg({ id: 'ApiToken_Button_Cancel', message: 'Cancel' }),
  ApiToken_Button_Revoke: msg({ id: 'ApiToken_Button_Revoke', message: 'Revoke' }),
  ApiToken_Button_ConfirmRevoke: msg({ id: 'ApiToken_Button_ConfirmRevoke', message: 'Revoke token' }),
  ApiToken_Button_Done: msg({ id: 'ApiToken_Button_Done', message: 'I have copied it' }),
  ApiToken_Field_Name: msg({ id: 'ApiToken_Field_Name', message: 'Name' }),
  ApiToken_Field_Owner: msg({ id: 'ApiToken_Field_Owner', message: 'Owner' }),
  ApiToken_Field_Created: msg({ id: 'ApiToken_Field_Created', message: 'Created' }),
  ApiToken_Field_LastUsed: msg({ id: 'ApiToken_Field_LastUsed', message: 'Last used' }),
  ApiToken_Field_Expires: msg({ id: 'ApiToken_Field_Expires', message: 'Expires' }),
  ApiToken_Field_Status: msg({ id: 'ApiToken_Field_Status', message: 'Status' }),
  ApiToken_Field_ExpiresIn: msg({ id: 'ApiToken_Field_ExpiresIn', message: 'Expires after' }),
  ApiToken_Field_RateLimit: msg({ id: 'ApiToken_Field_RateLimit', message: 'Requests per minute' }),
  ApiToken_Option_Days30: msg({ id: 'ApiToken_Option_Days30', message: '30 days' }),
  ApiToken_Option_Days90: msg({ id: 'ApiToken_Option_Days90', message: '90 days' }),
  ApiToken_Option_Days365: msg({ id: 'ApiToken_Option_Days365', message: '365 days' }),
  ApiToken_Option_Never: msg({ id: 'ApiToken_Option_Never', message: 'Never' }),
  ApiToken_Text_Never: msg({ id: 'ApiToken_Text_Never', message: 'Never' }),
  ApiToken_Text_Active: msg({ id: 'ApiToken_Text_Active', message: 'Active' }),
  ApiToken_Text_Expired: msg({ id: 'ApiToken_Text_Expired', message: 'Expired' }),
  ApiToken_Text_Revoked: msg({ id: 'ApiToken_Text_Revoked', message: 'Revoked' }),
  ApiToken_Text_AllClients: msg({ id: 'ApiToken_Text_AllClients', message: 'all clients' }),
  ApiToken_Text_NameRule: msg({
    id: 'ApiToken_Text_NameRule',
    message: 'Give the token a name of at most 100 characters.',
  }),
  ApiToken_Text_OwnerRule: msg({ id: 'ApiToken_Text_OwnerRule', message: 'Choose who the token acts as.' }),
  ApiToken_Text_RateRule: msg({ id: 'ApiToken_Text_RateRule', message: 'A whole number from 1 to 10000.' }),
  ApiToken_Text_ValueTitle: msg({ id: 'ApiToken_Text_ValueTitle', message: 'Copy the token now' }),
  ApiToken_Text_ValueOnce: msg({
    id: 'ApiToken_Text_ValueOnce',
    message: 'This is the only time the token is shown. Only its fingerprint is kept; it cannot be shown again.',
  }),
  ApiToken_Text_RevokeQuestion: msg({
    id: 'ApiToken_Text_RevokeQuestion',
    message: 'Revoke the token “{name}”? Every system using it is refused from now on.',
  }),
  ApiToken_Text_CreateFailed: msg({ id: 'ApiToken_Text_CreateFailed', message: 'The token could not be created' }),
  ApiToken_Text_RevokeFailed: msg({ id: 'ApiToken_Text_RevokeFailed', message: 'The token could not be revoked' }),
};
