import { msg } from '@lingui/core/macro';

/** Manage users: invitations to sign up (docs/links.md "Invitations"). */
export const invitationLabels = {
  Invitation_Text_Title: msg({ id: 'Invitation_Text_Title', message: 'Invitations' }),
  Invitation_Button_Invite: msg({ id: 'Invitation_Button_Invite', message: 'Invite' }),
  Invitation_Button_Show: msg({ id: 'Invitation_Button_Show', message: 'Show invitations' }),
  Invitation_Button_Hide: msg({ id: 'Invitation_Button_Hide', message: 'Hide invitations' }),
  Invitation_Button_Send: msg({ id: 'Invitation_Button_Send', message: 'Send invitation' }),
  Invitation_Button_Cancel: msg({ id: 'Invitation_Button_Cancel', message: 'Cancel' }),
  Invitation_Button_Resend: msg({ id: 'Invitation_Button_Resend', message: 'Resend' }),
  Invitation_Button_Revoke: msg({ id: 'Invitation_Button_Revoke', message: 'Revoke' }),
  Invitation_Text_DialogTitle: msg({ id: 'Invitation_Text_DialogTitle', message: 'Invite someone to sign up' }),
  Invitation_Field_Client: msg({ id: 'Invitation_Field_Client', message: 'Client' }),
  Invitation_Field_Email: msg({ id: 'Invitation_Field_Email', message: 'Email address' }),
  Invitation_Field_Culture: msg({ id: 'Invitation_Field_Culture', message: 'Language of the mail and the page' }),
  Invitation_Text_ClientCulture: msg({ id: 'Invitation_Text_ClientCulture', message: 'The client’s language' }),
  Invitation_Field_Status: msg({ id: 'Invitation_Field_Status', message: 'Status' }),
  Invitation_Field_Expires: msg({ id: 'Invitation_Field_Expires', message: 'Expires' }),
  Invitation_Text_EmailInvalid: msg({ id: 'Invitation_Text_EmailInvalid', message: 'Enter an e-mail address.' }),
  Invitation_Text_None: msg({ id: 'Invitation_Text_None', message: 'No invitations for this client yet.' }),
  Invitation_Text_NoClient: msg({
    id: 'Invitation_Text_NoClient',
    message: 'None of your clients allows sign-up, so nobody can be invited.',
  }),
  Invitation_Text_LoadFailed: msg({ id: 'Invitation_Text_LoadFailed', message: 'The invitations could not be read.' }),
  Invitation_Text_Sent: msg({ id: 'Invitation_Text_Sent', message: 'The invitation is on its way.' }),
  Invitation_Text_Resent: msg({ id: 'Invitation_Text_Resent', message: 'The invitation was sent again.' }),
  Invitation_Text_Revoked: msg({ id: 'Invitation_Text_Revoked', message: 'The invitation was revoked.' }),
  Invitation_Status_pending: msg({ id: 'Invitation_Status_pending', message: 'Pending' }),
  Invitation_Status_accepted: msg({ id: 'Invitation_Status_accepted', message: 'Accepted' }),
  Invitation_Status_expired: msg({ id: 'Invitation_Status_expired', message: 'Expired' }),
  Invitation_Status_revoked: msg({ id: 'Invitation_Status_revoked', message: 'Revoked' }),
};
