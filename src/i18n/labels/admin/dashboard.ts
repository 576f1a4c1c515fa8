import { msg } from '@lingui/core/macro';

/**
 * Dashboard: Edit Mode, its label and input-resource dialogs, and the clear-cache action (admin-and-board §2, §7); the
 * figures of what is happening (issue 13).
 */
export const dashboardLabels = {
  Dashboard_Button_EditMode: msg({ id: 'Dashboard_Button_EditMode', message: 'Edit mode' }),
  Dashboard_Button_ClearCache: msg({ id: 'Dashboard_Button_ClearCache', message: 'Clear cache' }),
  Dashboard_Text_CacheCleared: msg({
    id: 'Dashboard_Text_CacheCleared',
    message: 'Cleared the Cache successfully. Reload the page to load new Data.',
  }),
  Dashboard_Text_EditModeHint: msg({
    id: 'Dashboard_Text_EditModeHint',
    message:
      'While edit mode is on, every text you can change has a dashed outline. Click one, on this page or any other, to edit it.',
  }),
  Dashboard_Text_AdministratorsOnly: msg({
    id: 'Dashboard_Text_AdministratorsOnly',
    message: 'Only administrators can edit texts and clear the cache.',
  }),
  Dashboard_Text_EditByKey: msg({ id: 'Dashboard_Text_EditByKey', message: 'Edit a text by its key' }),
  Dashboard_Text_KeyHint: msg({
    id: 'Dashboard_Text_KeyHint',
    message: 'For texts that are not on this page, such as Login_Text_Title.',
  }),
  Dashboard_Button_EditLabel: msg({ id: 'Dashboard_Button_EditLabel', message: 'Edit text' }),
  Dashboard_Button_EditInput: msg({ id: 'Dashboard_Button_EditInput', message: 'Edit input' }),
  Dashboard_Text_LabelDialogTitle: msg({ id: 'Dashboard_Text_LabelDialogTitle', message: 'Edit text' }),
  Dashboard_Text_InputDialogTitle: msg({ id: 'Dashboard_Text_InputDialogTitle', message: 'Edit input' }),
  Dashboard_Text_Key: msg({ id: 'Dashboard_Text_Key', message: 'Key' }),
  Dashboard_Text_Culture: msg({ id: 'Dashboard_Text_Culture', message: 'Language' }),
  Dashboard_Text_Scope: msg({ id: 'Dashboard_Text_Scope', message: 'Applies to' }),
  Dashboard_Text_AllClients: msg({ id: 'Dashboard_Text_AllClients', message: 'All clients' }),
  Dashboard_Text_Value: msg({ id: 'Dashboard_Text_Value', message: "Text (plain or HTML, '{{name}}' for values)" }),
  Dashboard_Text_Preview: msg({ id: 'Dashboard_Text_Preview', message: 'Preview' }),
  Dashboard_Text_Placeholder: msg({ id: 'Dashboard_Text_Placeholder', message: 'Placeholder' }),
  Dashboard_Text_ValidationMessage: msg({ id: 'Dashboard_Text_ValidationMessage', message: 'Validation message' }),
  Dashboard_Text_Rules: msg({
    id: 'Dashboard_Text_Rules',
    message:
      'Title: {title} · type: {type} · required: {required} · minimum: {min} · maximum: {max} · pattern: {regex}',
  }),
  Dashboard_Button_EditTitleText: msg({ id: 'Dashboard_Button_EditTitleText', message: 'Edit the title text' }),
  Dashboard_Text_Required: msg({ id: 'Dashboard_Text_Required', message: 'This text is required.' }),
  Dashboard_Text_Stale: msg({
    id: 'Dashboard_Text_Stale',
    message:
      'Someone else saved this text after you opened it, so your change was not saved. Reload their version, or keep yours and save it over theirs.',
  }),
  Dashboard_Text_LoadFailed: msg({ id: 'Dashboard_Text_LoadFailed', message: 'This text could not be loaded.' }),
  Dashboard_Text_NotFound: msg({
    id: 'Dashboard_Text_NotFound',
    message: 'There is no input with this key to edit.',
  }),
  Dashboard_Text_SaveFailed: msg({
    id: 'Dashboard_Text_SaveFailed',
    message: 'The text could not be saved. Try again.',
  }),
  Dashboard_Text_Saved: msg({
    id: 'Dashboard_Text_Saved',
    message: 'Text saved. Other browsers show it the next time they load the page.',
  }),
  Dashboard_Button_Reload: msg({ id: 'Dashboard_Button_Reload', message: 'Reload' }),
  Dashboard_Button_Save: msg({ id: 'Dashboard_Button_Save', message: 'Save' }),
  Dashboard_Button_Cancel: msg({ id: 'Dashboard_Button_Cancel', message: 'Cancel' }),
  Dashboard_Text_FiguresTitle: msg({ id: 'Dashboard_Text_FiguresTitle', message: 'What is happening' }),
  Dashboard_Text_FiguresLoading: msg({ id: 'Dashboard_Text_FiguresLoading', message: 'Reading the figures…' }),
  Dashboard_Text_FiguresFailed: msg({ id: 'Dashboard_Text_FiguresFailed', message: 'The figures could not be read.' }),
  Dashboard_Button_Refresh: msg({ id: 'Dashboard_Button_Refresh', message: 'Refresh' }),
  Dashboard_Button_Retry: msg({ id: 'Dashboard_Button_Retry', message: 'Try again' }),
  Dashboard_Text_SignInsDay: msg({ id: 'Dashboard_Text_SignInsDay', message: 'Sign-ins (24 hours)' }),
  Dashboard_Text_FailuresDay: msg({ id: 'Dashboard_Text_FailuresDay', message: 'Failed sign-ins (24 hours)' }),
  Dashboard_Text_Lockouts: msg({ id: 'Dashboard_Text_Lockouts', message: 'Lockouts (30 days)' }),
  Dashboard_Text_ActivePeople: msg({ id: 'Dashboard_Text_ActivePeople', message: 'Active people (30 days)' }),
  Dashboard_Text_HoursChart: msg({
    id: 'Dashboard_Text_HoursChart',
    message: 'Sign-ins per hour (UTC), last 24 hours',
  }),
  Dashboard_Text_DaysChart: msg({ id: 'Dashboard_Text_DaysChart', message: 'Sign-ins per day (UTC), last 30 days' }),
  Dashboard_Text_SignIns: msg({ id: 'Dashboard_Text_SignIns', message: 'Sign-ins' }),
  Dashboard_Text_Failures: msg({ id: 'Dashboard_Text_Failures', message: 'Failed' }),
  Dashboard_Text_CountAxis: msg({ id: 'Dashboard_Text_CountAxis', message: 'Sign-in attempts (count)' }),
  Dashboard_Text_HourAxis: msg({ id: 'Dashboard_Text_HourAxis', message: 'Hour (UTC)' }),
  Dashboard_Text_DayAxis: msg({ id: 'Dashboard_Text_DayAxis', message: 'Day (UTC)' }),
  Dashboard_Text_Bar: msg({ id: 'Dashboard_Text_Bar', message: '{when}: {signIns} sign-ins, {failures} failed' }),
  Dashboard_Text_PeoplePerClient: msg({ id: 'Dashboard_Text_PeoplePerClient', message: 'People per client' }),
  Dashboard_Text_ApplicationsPerClient: msg({
    id: 'Dashboard_Text_ApplicationsPerClient',
    message: 'Active applications per client',
  }),
  Dashboard_Text_Client: msg({ id: 'Dashboard_Text_Client', message: 'Client' }),
  Dashboard_Text_Count: msg({ id: 'Dashboard_Text_Count', message: 'Count' }),
  Dashboard_Text_RecentChanges: msg({ id: 'Dashboard_Text_RecentChanges', message: 'Recent admin changes' }),
  Dashboard_Text_RecentErrors: msg({ id: 'Dashboard_Text_RecentErrors', message: 'Recent front-end errors' }),
  Dashboard_Link_AuditLog: msg({ id: 'Dashboard_Link_AuditLog', message: 'All changes in the audit log' }),
  Dashboard_Link_ErrorLog: msg({ id: 'Dashboard_Link_ErrorLog', message: 'All errors in the error log' }),
  Dashboard_Text_NothingYet: msg({ id: 'Dashboard_Text_NothingYet', message: 'Nothing yet.' }),
};
