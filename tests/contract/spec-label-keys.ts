/**
 * The resource keys the two specification documents name, as written there (`../shared/spec/*.md`). Built by scanning
 * the spec with {@link SPEC_KEY_PATTERN}. `label-registry.test.ts` checks the registry against this list; `npm run
 * spec-keys` re-scans the specification (beside the repository, not in a clone) and fails when the two differ.
 *
 * Three shapes occur: a plain key, a family (`Application_Field_*`: the inputs of a dialog) and the status template
 * `Global_Error_{code}`.
 */
export const SPEC_KEY_PATTERN =
  /\b[A-Z][A-Za-z]*_(?:Text|Error|Field|List|Button|Link)_(?:[A-Za-z0-9]+|\*|\{[a-z]+\})/g;

export const specLabelKeys = [
  'Application_Field_*',
  'Application_Text_DeleteFailTitle',
  'Application_Text_InsertFailTitle',
  'Application_Text_UpdateFailTitle',
  'ClientApplication_Field_*',
  'Client_Text_DeleteFailTitle',
  'Field_Text_DeleteFailTitle',
  'Global_Error_{code}',
  'Global_List_DataType',
  'Global_List_Icons',
  'Global_List_MetaTag',
  'Global_List_NotSupportedBrowsers',
  'Global_Text_BrowserNotSupported',
  'Global_Text_FailTitle',
  'Global_Text_UploadUserMessage',
  'Global_Text_UploadUserSuccessMessage',
  'Global_Text_VMRequired',
  'Instance_Text_DeleteFailCurrentLogin',
  'Instance_Text_DeleteFailTitle',
  'Login_Text_ApplicationError',
  'Login_Text_ClientError',
  'Login_Text_ClientErrorMessage',
] as const;
