import { msg } from '@lingui/core/macro';

/**
 * Manage Applications and the application dialog. `Application_Field_*` are the titles of the dialog's inputs; their
 * bounds, placeholders and validation messages come from the input resources of the same keys.
 */
export const applicationLabels = {
  Application_Button_Add: msg({ id: 'Application_Button_Add', message: 'Add application' }),
  Application_Button_ConfirmDelete: msg({ id: 'Application_Button_ConfirmDelete', message: 'Delete application' }),
  Application_Text_DeleteConfirm: msg({
    id: 'Application_Text_DeleteConfirm',
    message: 'Delete the application {applicationName}?',
  }),
  Application_Text_InsertFailTitle: msg({
    id: 'Application_Text_InsertFailTitle',
    message: 'The application could not be created',
  }),
  Application_Text_UpdateFailTitle: msg({
    id: 'Application_Text_UpdateFailTitle',
    message: 'The application could not be updated',
  }),
  Application_Text_DeleteFailTitle: msg({
    id: 'Application_Text_DeleteFailTitle',
    message: 'The application could not be deleted',
  }),
  Application_Field_ApplicationName: msg({ id: 'Application_Field_ApplicationName', message: 'Application name' }),
  Application_Field_ApplicationLink: msg({ id: 'Application_Field_ApplicationLink', message: 'Application link' }),
  Application_Field_DefaultRoleValue: msg({ id: 'Application_Field_DefaultRoleValue', message: 'Default role' }),
  Application_Field_Alias: msg({ id: 'Application_Field_Alias', message: 'Alias' }),
  Application_Field_Region: msg({ id: 'Application_Field_Region', message: 'Region' }),
  Application_Field_IconIdentifier: msg({ id: 'Application_Field_IconIdentifier', message: 'Icon' }),
  Application_Text_SearchName: msg({ id: 'Application_Text_SearchName', message: 'Name', comment: 'Filter type' }),
  Application_Text_SearchRegion: msg({
    id: 'Application_Text_SearchRegion',
    message: 'Region',
    comment: 'Filter type',
  }),
  Application_Text_SearchAlias: msg({ id: 'Application_Text_SearchAlias', message: 'Alias', comment: 'Filter type' }),
  Application_Text_SearchLink: msg({ id: 'Application_Text_SearchLink', message: 'Link', comment: 'Filter type' }),
  Application_Text_CreateTitle: msg({ id: 'Application_Text_CreateTitle', message: 'Add application' }),
  Application_Text_UpdateTitle: msg({ id: 'Application_Text_UpdateTitle', message: 'Edit application' }),
  Application_Button_Save: msg({ id: 'Application_Button_Save', message: 'Save' }),
  Application_Button_Cancel: msg({ id: 'Application_Button_Cancel', message: 'Cancel' }),
  // Shown in the dialog after a 409 stale_update: the save was refused and nothing was overwritten.
  Application_Text_Stale: msg({
    id: 'Application_Text_Stale',
    message:
      'Someone else changed this application after you opened it, so nothing was saved. Reload their version, or keep yours and save it over theirs.',
  }),
};
