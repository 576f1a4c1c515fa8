import { msg } from '@lingui/core/macro';

/**
 * The terms editor (issue 34 item 2): a client's versions of its terms of use and privacy notice, the publish dialog
 * and the acceptances export. `TermsEditor_Field_*` are the dialog's inputs and the grid's columns.
 */
export const termsEditorLabels = {
  TermsEditor_Button_Add: msg({ id: 'TermsEditor_Button_Add', message: 'Publish a new version' }),
  TermsEditor_Button_Publish: msg({ id: 'TermsEditor_Button_Publish', message: 'Publish' }),
  TermsEditor_Button_Cancel: msg({ id: 'TermsEditor_Button_Cancel', message: 'Cancel' }),
  TermsEditor_Button_Export: msg({ id: 'TermsEditor_Button_Export', message: 'Download acceptances (CSV)' }),
  TermsEditor_Field_Client: msg({ id: 'TermsEditor_Field_Client', message: 'Client' }),
  TermsEditor_Field_Number: msg({ id: 'TermsEditor_Field_Number', message: 'Version' }),
  TermsEditor_Field_PublishedAt: msg({ id: 'TermsEditor_Field_PublishedAt', message: 'Published' }),
  TermsEditor_Field_PublishedBy: msg({ id: 'TermsEditor_Field_PublishedBy', message: 'Published by' }),
  TermsEditor_Field_Cultures: msg({ id: 'TermsEditor_Field_Cultures', message: 'Languages' }),
  TermsEditor_Field_TermsHtml: msg({ id: 'TermsEditor_Field_TermsHtml', message: 'Terms of use (HTML)' }),
  TermsEditor_Field_PrivacyHtml: msg({ id: 'TermsEditor_Field_PrivacyHtml', message: 'Privacy notice (HTML)' }),
  TermsEditor_Text_Preview: msg({ id: 'TermsEditor_Text_Preview', message: 'Preview' }),
  TermsEditor_Text_CreateTitle: msg({ id: 'TermsEditor_Text_CreateTitle', message: 'Publish version {number}' }),
  TermsEditor_Text_FromTitle: msg({
    id: 'TermsEditor_Text_FromTitle',
    message: 'Version {opened}: publish it again as version {number}',
  }),
  TermsEditor_Text_Intro: msg({
    id: 'TermsEditor_Text_Intro',
    message:
      'A published version never changes. Publishing makes these texts the next version: everyone of the client accepts it at their next sign-in. Leave a language blank to publish without it.',
  }),
  TermsEditor_Text_Invalid: msg({
    id: 'TermsEditor_Text_Invalid',
    message: 'A language that is published needs both its terms and its privacy notice.',
  }),
  TermsEditor_Text_Stale: msg({
    id: 'TermsEditor_Text_Stale',
    message:
      'Someone else published a version after you opened this one, so nothing was published. Reload their version, or keep yours and publish it after theirs.',
  }),
};
