import { msg } from '@lingui/core/macro';

/**
 * Manage Fields and the field dialog. `Field_Field_*` are the titles of the dialog's inputs (and of the grid's
 * columns and filter types, which are the same three inputs).
 */
export const fieldLabels = {
  Field_Button_Add: msg({ id: 'Field_Button_Add', message: 'Add field' }),
  Field_Text_DeleteConfirm: msg({ id: 'Field_Text_DeleteConfirm', message: 'Delete the field {fieldName}?' }),
  Field_Button_ConfirmDelete: msg({ id: 'Field_Button_ConfirmDelete', message: 'Delete field' }),
  Field_Text_DeleteFailTitle: msg({ id: 'Field_Text_DeleteFailTitle', message: 'The field could not be deleted' }),
  Field_Text_SubFields: msg({ id: 'Field_Text_SubFields', message: 'Options' }),
  Field_Text_CreateTitle: msg({ id: 'Field_Text_CreateTitle', message: 'New field' }),
  Field_Text_UpdateTitle: msg({ id: 'Field_Text_UpdateTitle', message: 'Edit field {fieldName}' }),
  Field_Text_Stale: msg({
    id: 'Field_Text_Stale',
    message:
      'Someone else changed this field after you opened it, so nothing was saved. Reload their version, or keep yours and save it over theirs.',
  }),
  Field_Text_NoSubFields: msg({ id: 'Field_Text_NoSubFields', message: 'No options yet.' }),
  Field_Text_Invalid: msg({ id: 'Field_Text_Invalid', message: 'This value is not valid.' }),
  Field_Field_DictionaryName: msg({ id: 'Field_Field_DictionaryName', message: 'Dictionary name' }),
  Field_Field_FieldDescription: msg({ id: 'Field_Field_FieldDescription', message: 'Description' }),
  Field_Field_Disable: msg({ id: 'Field_Field_Disable', message: 'Disabled' }),
  Field_Field_DataType: msg({ id: 'Field_Field_DataType', message: 'Data type' }),
  Field_Field_DataLength: msg({ id: 'Field_Field_DataLength', message: 'Data length' }),
  Field_Field_MetaTag: msg({ id: 'Field_Field_MetaTag', message: 'Meta tag' }),
  Field_Field_DefaultValue: msg({ id: 'Field_Field_DefaultValue', message: 'Default value' }),
  Field_Field_ValidationMessage: msg({ id: 'Field_Field_ValidationMessage', message: 'Validation message' }),
  Field_Field_MaskRegex: msg({ id: 'Field_Field_MaskRegex', message: 'Mask' }),
  Field_Text_MaskHint: msg({
    id: 'Field_Text_MaskHint',
    message:
      'What people type is shaped as they type: 0 a digit, 9 an optional digit, A a letter or digit, S a letter; the hyphen, a space and / ( ) . : , @ \' " stay as written, e.g. (000) 000-0000.',
  }),
  Field_Field_Sufix: msg({ id: 'Field_Field_Sufix', message: 'Suffix' }),
  Field_Field_Prefix: msg({ id: 'Field_Field_Prefix', message: 'Prefix' }),
  Field_Field_ValidationRegex: msg({ id: 'Field_Field_ValidationRegex', message: 'Validation pattern' }),
  Field_Field_SubDictionaryName: msg({ id: 'Field_Field_SubDictionaryName', message: 'Option name' }),
  Field_Field_SubDefaultValue: msg({ id: 'Field_Field_SubDefaultValue', message: 'Option value' }),
  Field_Field_SubCssField: msg({ id: 'Field_Field_SubCssField', message: 'Option CSS class' }),
  Field_Text_NoMetaTag: msg({ id: 'Field_Text_NoMetaTag', message: 'No meta tag' }),
  Field_Button_AddSubField: msg({ id: 'Field_Button_AddSubField', message: 'Add option' }),
  Field_Button_RemoveSubField: msg({ id: 'Field_Button_RemoveSubField', message: 'Remove option {subFieldName}' }),
  Field_Button_Save: msg({ id: 'Field_Button_Save', message: 'Save' }),
  Field_Button_Cancel: msg({ id: 'Field_Button_Cancel', message: 'Cancel' }),
  Field_Button_Edit: msg({ id: 'Field_Button_Edit', message: 'Edit {fieldName}' }),
  Field_Button_Delete: msg({ id: 'Field_Button_Delete', message: 'Delete {fieldName}' }),
};
