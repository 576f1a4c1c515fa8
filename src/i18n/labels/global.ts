import { msg } from '@lingui/core/macro';

/** Texts of the shared interface pieces: error modal, dialogs, snackbar, loader, Page not found, browser check. */
export const globalLabels = {
  Global_Text_Error: msg({ id: 'Global_Text_Error', message: 'Error' }),
  Global_Text_ErrorDetails: msg({ id: 'Global_Text_ErrorDetails', message: 'Error details' }),
  Global_Text_RequestId: msg({ id: 'Global_Text_RequestId', message: 'Request ID' }),
  Global_Text_ErrorCode: msg({ id: 'Global_Text_ErrorCode', message: 'Error code' }),
  Global_Text_FailTitle: msg({ id: 'Global_Text_FailTitle', message: 'Something went wrong' }),
  Global_Text_SuccessTitle: msg({ id: 'Global_Text_SuccessTitle', message: 'Done' }),
  Global_Text_WarningTitle: msg({ id: 'Global_Text_WarningTitle', message: 'Warning' }),
  Global_Text_Loading: msg({ id: 'Global_Text_Loading', message: 'Loading…' }),
  Global_Text_PageNotFound: msg({ id: 'Global_Text_PageNotFound', message: 'Page not found' }),
  Global_Text_BrowserNotSupported: msg({
    id: 'Global_Text_BrowserNotSupported',
    message: 'Your browser is not supported. Please use a recent version of Chrome, Edge, Firefox or Safari.',
  }),
  // The "Select label" the admin dialogs put in an empty select (admin-and-board §5).
  Global_Text_Select: msg({ id: 'Global_Text_Select', message: 'Select…', comment: 'Placeholder of a select' }),

  Global_Button_Ok: msg({ id: 'Global_Button_Ok', message: 'OK' }),
  Global_Button_Close: msg({ id: 'Global_Button_Close', message: 'Close' }),
  Global_Button_Yes: msg({ id: 'Global_Button_Yes', message: 'Yes' }),
  Global_Button_No: msg({ id: 'Global_Button_No', message: 'No' }),
  // The delete confirmation's way out: a verb, not No (issue 29 §5).
  Global_Button_KeepIt: msg({ id: 'Global_Button_KeepIt', message: 'Keep it' }),
  Global_Button_ReloadTheirs: msg({
    id: 'Global_Button_ReloadTheirs',
    message: 'Reload their version',
    comment: 'After a save conflict: drop my changes and show the record as someone else saved it',
  }),
  Global_Button_KeepMine: msg({
    id: 'Global_Button_KeepMine',
    message: 'Keep mine',
    comment: 'After a save conflict: save my changes over the version someone else saved',
  }),
};
