import { msg } from '@lingui/core/macro';

/** User profiles (instances): the manage-users page and the profile form shared with the public side. */
export const instanceLabels = {
  Instance_Text_DeleteConfirm: msg({ id: 'Instance_Text_DeleteConfirm', message: 'Delete the user {userName}?' }),
  Instance_Button_ConfirmDelete: msg({ id: 'Instance_Button_ConfirmDelete', message: 'Delete user' }),
  Instance_Text_DeleteFailTitle: msg({ id: 'Instance_Text_DeleteFailTitle', message: 'The user could not be deleted' }),
  Instance_Text_DeleteFailCurrentLogin: msg({
    id: 'Instance_Text_DeleteFailCurrentLogin',
    message: 'You cannot delete the profile you are signed in with.',
  }),
  Instance_Text_EditTitle: msg({ id: 'Instance_Text_EditTitle', message: 'Edit the user {userName}' }),
  Instance_Button_Add: msg({ id: 'Instance_Button_Add', message: 'Add user' }),
  Instance_Text_AddTitle: msg({ id: 'Instance_Text_AddTitle', message: 'Add a user' }),
  Instance_Field_NewUserClient: msg({ id: 'Instance_Field_NewUserClient', message: 'Client of the new user' }),
  Instance_Field_Name: msg({ id: 'Instance_Field_Name', message: 'Name' }),
  Instance_Field_Login: msg({ id: 'Instance_Field_Login', message: 'Login' }),
  Instance_Field_Client: msg({ id: 'Instance_Field_Client', message: 'Client' }),
  Instance_Text_SearchName: msg({ id: 'Instance_Text_SearchName', message: 'Name' }),
  Instance_Text_SearchEmail: msg({ id: 'Instance_Text_SearchEmail', message: 'Email address' }),
  Instance_Text_SearchLogin: msg({ id: 'Instance_Text_SearchLogin', message: 'Login' }),
  Instance_Field_ClientFilter: msg({ id: 'Instance_Field_ClientFilter', message: 'Client' }),
  Instance_Text_AllClients: msg({ id: 'Instance_Text_AllClients', message: 'All clients' }),
  Instance_Text_ProviderAdmin: msg({ id: 'Instance_Text_ProviderAdmin', message: 'Provider administrator' }),
  Instance_Text_ClientAdmin: msg({ id: 'Instance_Text_ClientAdmin', message: 'Client administrator' }),
  // The results of the user dialog's resets (machines/user-dialog/sign-in-resets.machine.ts).
  Instance_Text_SessionsCleared: msg({
    id: 'Instance_Text_SessionsCleared',
    message: 'The person is signed out everywhere: their applications can no longer renew their sign-in.',
  }),
  Instance_Text_FactorsReset: msg({
    id: 'Instance_Text_FactorsReset',
    message: 'The factors are removed: the person sets them up again at their next sign-in.',
  }),
};
