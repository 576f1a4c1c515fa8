import { msg } from '@lingui/core/macro';

/** Manage Templates and the template editor (docs/templates.md). */
export const templateLabels = {
  Template_Button_Add: msg({ id: 'Template_Button_Add', message: 'Add template' }),
  Template_Text_DeleteConfirm: msg({
    id: 'Template_Text_DeleteConfirm',
    message: 'Delete the template {templateName}?',
  }),
  Template_Text_DeleteFailTitle: msg({
    id: 'Template_Text_DeleteFailTitle',
    message: 'The template could not be deleted',
  }),
  Template_Text_CreateTitle: msg({ id: 'Template_Text_CreateTitle', message: 'New template' }),
  Template_Text_UpdateTitle: msg({ id: 'Template_Text_UpdateTitle', message: 'Edit template {templateName}' }),
  Template_Text_Stale: msg({
    id: 'Template_Text_Stale',
    message:
      'Someone else changed this template after you opened it, so nothing was saved. Reload their version, or keep yours and save it over theirs.',
  }),
  Template_Text_LoadFailed: msg({ id: 'Template_Text_LoadFailed', message: 'The template could not be loaded.' }),
  Template_Text_NoFields: msg({ id: 'Template_Text_NoFields', message: 'No fields on this template yet.' }),
  Template_Text_Rendering: msg({
    id: 'Template_Text_Rendering',
    message: 'Showing {shown} of {total} fields…',
  }),
  Template_Field_Name: msg({ id: 'Template_Field_Name', message: 'Template name' }),
  Template_Field_Default: msg({ id: 'Template_Field_Default', message: 'Default' }),
  Template_Field_FieldCount: msg({ id: 'Template_Field_FieldCount', message: 'Fields' }),
  Template_Field_AddField: msg({ id: 'Template_Field_AddField', message: 'Field to add' }),
  Template_Field_Field: msg({ id: 'Template_Field_Field', message: 'Field' }),
  Template_Field_Mandatory: msg({ id: 'Template_Field_Mandatory', message: 'Mandatory' }),
  Template_Field_Hidden: msg({ id: 'Template_Field_Hidden', message: 'Hidden' }),
  Template_Field_AdminField: msg({ id: 'Template_Field_AdminField', message: 'Admin only' }),
  Template_Field_LockForRoles: msg({ id: 'Template_Field_LockForRoles', message: 'Locked for' }),
  Template_Text_NoRoles: msg({ id: 'Template_Text_NoRoles', message: 'Nobody' }),
  Template_Text_Yes: msg({ id: 'Template_Text_Yes', message: 'Yes' }),
  Template_Text_No: msg({ id: 'Template_Text_No', message: 'No' }),
  Template_Button_AddField: msg({ id: 'Template_Button_AddField', message: 'Add field' }),
  Template_Button_MoveUp: msg({ id: 'Template_Button_MoveUp', message: 'Move {fieldName} up' }),
  Template_Button_MoveDown: msg({ id: 'Template_Button_MoveDown', message: 'Move {fieldName} down' }),
  Template_Button_RemoveField: msg({ id: 'Template_Button_RemoveField', message: 'Remove {fieldName}' }),
  Template_Button_Save: msg({ id: 'Template_Button_Save', message: 'Save' }),
  Template_Button_Cancel: msg({ id: 'Template_Button_Cancel', message: 'Cancel' }),
  Template_Button_Retry: msg({ id: 'Template_Button_Retry', message: 'Try again' }),
  Template_Button_Edit: msg({ id: 'Template_Button_Edit', message: 'Edit {templateName}' }),
  Template_Button_Delete: msg({ id: 'Template_Button_Delete', message: 'Delete {templateName}' }),
  Template_Button_ConfirmDelete: msg({ id: 'Template_Button_ConfirmDelete', message: 'Delete template' }),
  Template_Role_guest: msg({ id: 'Template_Role_guest', message: 'Guest' }),
  Template_Role_admin: msg({ id: 'Template_Role_admin', message: 'Administrator' }),
  Template_Role_user: msg({ id: 'Template_Role_user', message: 'User' }),
  Template_Role_clientadmin: msg({ id: 'Template_Role_clientadmin', message: 'Client administrator' }),
  Template_Role_agent: msg({ id: 'Template_Role_agent', message: 'Agent' }),
};
