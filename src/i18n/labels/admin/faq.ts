import { msg } from '@lingui/core/macro';

/**
 * The FAQ editor (beyond the spec; issue 11). `Faq_Field_*` are the dialog's inputs and the grid's columns; the keys
 * share the help page's `Faq` component.
 */
export const faqEditorLabels = {
  Faq_Button_Add: msg({ id: 'Faq_Button_Add', message: 'Add question' }),
  Faq_Button_Save: msg({ id: 'Faq_Button_Save', message: 'Save' }),
  Faq_Button_Cancel: msg({ id: 'Faq_Button_Cancel', message: 'Cancel' }),
  Faq_Field_Client: msg({ id: 'Faq_Field_Client', message: 'Client' }),
  Faq_Field_Culture: msg({ id: 'Faq_Field_Culture', message: 'Language' }),
  Faq_Field_Part: msg({ id: 'Faq_Field_Part', message: 'Category' }),
  Faq_Field_Section: msg({ id: 'Faq_Field_Section', message: 'Section' }),
  Faq_Field_Header: msg({ id: 'Faq_Field_Header', message: 'Question' }),
  Faq_Field_Tags: msg({ id: 'Faq_Field_Tags', message: 'Tags' }),
  Faq_Field_QuestionText: msg({ id: 'Faq_Field_QuestionText', message: 'Answer (HTML)' }),
  Faq_Field_Order: msg({ id: 'Faq_Field_Order', message: 'Order' }),
  Faq_Text_Preview: msg({ id: 'Faq_Text_Preview', message: 'Preview' }),
  Faq_Text_CreateTitle: msg({ id: 'Faq_Text_CreateTitle', message: 'New question' }),
  Faq_Text_UpdateTitle: msg({ id: 'Faq_Text_UpdateTitle', message: 'Edit question' }),
  Faq_Text_DeleteConfirm: msg({ id: 'Faq_Text_DeleteConfirm', message: 'Delete the question "{header}"?' }),
  Faq_Button_ConfirmDelete: msg({ id: 'Faq_Button_ConfirmDelete', message: 'Delete question' }),
  Faq_Text_DeleteFailTitle: msg({ id: 'Faq_Text_DeleteFailTitle', message: 'The question could not be deleted' }),
  Faq_Text_Invalid: msg({ id: 'Faq_Text_Invalid', message: 'This value is not valid.' }),
  Faq_Text_Stale: msg({
    id: 'Faq_Text_Stale',
    message:
      'Someone else changed this question after you opened it, so nothing was saved. Reload their version, or keep yours and save it over theirs.',
  }),
  Faq_Link_HelpPage: msg({ id: 'Faq_Link_HelpPage', message: 'Open the help page' }),
};
