import { msg } from '@lingui/core/macro';

/** Manage Import Users (admin-and-board §2, §8). The two upload texts keep the Global_ names the spec gives them. */
export const importLabels = {
  Import_Text_Title: msg({ id: 'Import_Text_Title', message: 'Import users' }),
  Import_Field_Client: msg({ id: 'Import_Field_Client', message: 'Client' }),
  Import_Button_DownloadTemplate: msg({ id: 'Import_Button_DownloadTemplate', message: 'Download template' }),
  Import_Button_Upload: msg({ id: 'Import_Button_Upload', message: 'Upload file' }),
  Import_Error_FileTooLarge: msg({
    id: 'Import_Error_FileTooLarge',
    message: 'File: {fileName} is too large to upload.',
  }),
  Global_Text_UploadUserMessage: msg({
    id: 'Global_Text_UploadUserMessage',
    message: 'Your file has been uploaded and the users are being imported.',
  }),
  Global_Text_UploadUserSuccessMessage: msg({
    id: 'Global_Text_UploadUserSuccessMessage',
    message: 'The users were imported successfully.',
  }),
  Import_Text_OutcomePartly: msg({
    id: 'Import_Text_OutcomePartly',
    message: 'Some users could not be imported. The report says why.',
  }),
  Import_Text_OutcomeNothing: msg({
    id: 'Import_Text_OutcomeNothing',
    message: 'No users were imported. The report says why.',
  }),
  Import_Text_NothingToImport: msg({
    id: 'Import_Text_NothingToImport',
    message: 'No row of this file can be imported. Correct the rows below and upload the file again.',
  }),
  // Why a row was refused when no field rule did (contracts/user-import.ts ImportReasonSchema).
  Import_Error_UnreadableRow: msg({
    id: 'Import_Error_UnreadableRow',
    message: 'The row cannot be read: check its quotes and separators.',
  }),
  Import_Error_CellCount: msg({
    id: 'Import_Error_CellCount',
    message: 'The row has {cells} cells; the header has {columns}.',
  }),
  Import_Error_UnknownRole: msg({
    id: 'Import_Error_UnknownRole',
    message: '{role} is not a role of the client’s applications.',
  }),
  Import_Error_ProviderAdministrator: msg({
    id: 'Import_Error_ProviderAdministrator',
    message: 'This e-mail belongs to a provider administrator, who is not imported.',
  }),
  Import_Error_RepeatedEmail: msg({
    id: 'Import_Error_RepeatedEmail',
    message: 'This e-mail is also on line {line}.',
  }),
  Import_Text_ChooseClient: msg({ id: 'Import_Text_ChooseClient', message: 'Choose a client' }),
  Import_Text_LoadingRoles: msg({ id: 'Import_Text_LoadingRoles', message: 'Loading the roles of the client…' }),
  Import_Text_Uploading: msg({ id: 'Import_Text_Uploading', message: 'Checking every row of the file…' }),
  Import_Text_Preview: msg({
    id: 'Import_Text_Preview',
    message: 'Dry run: nothing has changed yet. This is what an import of the file would do.',
  }),
  Import_Text_CountNew: msg({ id: 'Import_Text_CountNew', message: 'New' }),
  Import_Text_CountUpdated: msg({ id: 'Import_Text_CountUpdated', message: 'Updated' }),
  Import_Text_CountUnchanged: msg({ id: 'Import_Text_CountUnchanged', message: 'Unchanged' }),
  Import_Text_CountFailed: msg({ id: 'Import_Text_CountFailed', message: 'Failed' }),
  Import_Text_NoProblems: msg({ id: 'Import_Text_NoProblems', message: 'Every row passed the checks.' }),
  Import_Column_Line: msg({ id: 'Import_Column_Line', message: 'Line' }),
  Import_Column_Column: msg({ id: 'Import_Column_Column', message: 'Column' }),
  Import_Column_Message: msg({ id: 'Import_Column_Message', message: 'Message' }),
  Import_Field_Mode: msg({ id: 'Import_Field_Mode', message: 'Import as' }),
  Import_Option_Upsert: msg({ id: 'Import_Option_Upsert', message: 'Create new people and update existing ones' }),
  Import_Option_Create: msg({ id: 'Import_Option_Create', message: 'Create new people only' }),
  Import_Option_Update: msg({ id: 'Import_Option_Update', message: 'Update existing people only' }),
  Import_Button_Commit: msg({ id: 'Import_Button_Commit', message: 'Import' }),
  Import_Button_Discard: msg({ id: 'Import_Button_Discard', message: 'Choose another file' }),
  Import_Text_Progress: msg({ id: 'Import_Text_Progress', message: '{done} of {total} rows done' }),
  Import_Text_Mailing: msg({
    id: 'Import_Text_Mailing',
    message: 'Every row is imported. The activation mails of the new people are being sent.',
  }),
  Import_Text_MailProgress: msg({ id: 'Import_Text_MailProgress', message: '{done} of {total} activation mails sent' }),
  Import_Text_Outcome: msg({
    id: 'Import_Text_Outcome',
    message: '{created} created, {updated} updated, {unchanged} unchanged, {skipped} skipped, {failed} failed',
  }),
  Import_Button_Report: msg({ id: 'Import_Button_Report', message: 'Download report' }),
  Import_Button_Again: msg({ id: 'Import_Button_Again', message: 'Import another file' }),
  Import_Text_Failed: msg({ id: 'Import_Text_Failed', message: 'The import could not go on.' }),
  Import_Text_History: msg({ id: 'Import_Text_History', message: 'Earlier imports' }),
  Import_Column_When: msg({ id: 'Import_Column_When', message: 'When' }),
  Import_Column_Who: msg({ id: 'Import_Column_Who', message: 'Who' }),
  Import_Column_File: msg({ id: 'Import_Column_File', message: 'File' }),
  Import_Column_Counts: msg({ id: 'Import_Column_Counts', message: 'Rows' }),
  Import_Text_PreviewCounts: msg({
    id: 'Import_Text_PreviewCounts',
    message: 'Not imported: {new} new, {updated} to update, {unchanged} unchanged, {failed} failed',
  }),
  Import_Button_Invite: msg({
    id: 'Import_Button_Invite',
    message: '{count, plural, one {Invite the # new person} other {Invite the # new people}}',
  }),
  Import_Text_InviteTitle: msg({
    id: 'Import_Text_InviteTitle',
    message: '{count, plural, one {Invite the # new person?} other {Invite the # new people?}}',
  }),
  Import_Text_InviteExplain: msg({
    id: 'Import_Text_InviteExplain',
    message:
      'Instead of creating their accounts, each new person of the file gets an e-mail with a link to sign up, in the language of their Culture column or yours. People who already have an account or an open invitation are left out.',
  }),
  Import_Button_InviteConfirm: msg({ id: 'Import_Button_InviteConfirm', message: 'Send the invitations' }),
  Import_Button_InviteCancel: msg({ id: 'Import_Button_InviteCancel', message: 'Cancel' }),
  Import_Button_InviteRetry: msg({ id: 'Import_Button_InviteRetry', message: 'Try again' }),
  Import_Text_InviteFailed: msg({ id: 'Import_Text_InviteFailed', message: 'The invitations could not be sent.' }),
  Import_Text_Invited: msg({
    id: 'Import_Text_Invited',
    message: '{invited} invited, {alreadyInvited} already invited, {alreadyMembers} already members',
  }),
  Import_Text_InvitedDone: msg({
    id: 'Import_Text_InvitedDone',
    message: 'The invitations are on their way. The invitations panel lists them.',
  }),
};
