import { msg } from '@lingui/core/macro';

/**
 * Shared validation messages (public-and-profile §5). A field's own ValidationMessage wins over these; the required
 * message is always Global_Text_VMRequired when the label exists. Unknown validator keys use VMDefault.
 * They carry no placeholders: the bounds come from resource data the person already sees on the field.
 */
export const validationLabels = {
  Global_Text_VMRequired: msg({ id: 'Global_Text_VMRequired', message: 'This field is required.' }),
  Global_Text_VMMinLength: msg({ id: 'Global_Text_VMMinLength', message: 'This value is too short.' }),
  Global_Text_VMMaxLength: msg({ id: 'Global_Text_VMMaxLength', message: 'This value is too long.' }),
  Global_Text_VMPattern: msg({ id: 'Global_Text_VMPattern', message: 'This value does not have the expected format.' }),
  Global_Text_VMGlobal: msg({ id: 'Global_Text_VMGlobal', message: 'Please check this value.' }),
  Global_Text_VMEmail: msg({ id: 'Global_Text_VMEmail', message: 'Enter a valid email address.' }),
  Global_Text_VMValueRange: msg({
    id: 'Global_Text_VMValueRange',
    message: 'This value is outside the allowed range.',
  }),
  Global_Text_VMWeightRange: msg({
    id: 'Global_Text_VMWeightRange',
    message: 'Enter a weight within the allowed range.',
  }),
  Global_Text_VMMaxHeight: msg({ id: 'Global_Text_VMMaxHeight', message: 'This height is above the allowed maximum.' }),
  Global_Text_VMMinHeight: msg({ id: 'Global_Text_VMMinHeight', message: 'This height is below the allowed minimum.' }),
  Global_Text_VMMinAge: msg({ id: 'Global_Text_VMMinAge', message: 'You do not meet the minimum age.' }),
  Global_Text_VMFutureDob: msg({
    id: 'Global_Text_VMFutureDob',
    message: 'The date of birth cannot be in the future.',
  }),
  Global_Text_VMFutureDate: msg({ id: 'Global_Text_VMFutureDate', message: 'The date cannot be in the future.' }),
  Global_Text_VMPasswordMismatch: msg({ id: 'Global_Text_VMPasswordMismatch', message: 'The passwords do not match.' }),
  // Issue 34 §1 (beyond the spec): why a password that meets the composition rules is still refused.
  Global_Text_VMPasswordPersonal: msg({
    id: 'Global_Text_VMPasswordPersonal',
    message: 'Do not use your name, your email address or your organisation’s name in your password.',
  }),
  Global_Text_VMPasswordCommon: msg({
    id: 'Global_Text_VMPasswordCommon',
    message: 'This is one of the most common passwords. Choose one that is harder to guess.',
  }),
  Global_Text_VMPasswordBreached: msg({
    id: 'Global_Text_VMPasswordBreached',
    message: 'This password has appeared in data breaches. Choose another one.',
  }),
  // The strength meter under a new password (issue 34 §1).
  Security_Text_StrengthLabel: msg({ id: 'Security_Text_StrengthLabel', message: 'Strength of the new password' }),
  Security_Text_StrengthWeak: msg({ id: 'Security_Text_StrengthWeak', message: 'Weak' }),
  Security_Text_StrengthFair: msg({ id: 'Security_Text_StrengthFair', message: 'Fair' }),
  Security_Text_StrengthGood: msg({ id: 'Security_Text_StrengthGood', message: 'Good' }),
  Security_Text_StrengthStrong: msg({ id: 'Security_Text_StrengthStrong', message: 'Strong' }),
  Security_Text_StrengthRules: msg({
    id: 'Security_Text_StrengthRules',
    message: 'It does not meet the password rules yet.',
  }),
  Security_Text_StrengthLonger: msg({
    id: 'Security_Text_StrengthLonger',
    message: 'A longer password is harder to guess: try a few unrelated words.',
  }),
  Security_Text_StrengthLong: msg({
    id: 'Security_Text_StrengthLong',
    message: 'Long, and not on any list of known passwords.',
  }),
  Global_Text_VMDefault: msg({ id: 'Global_Text_VMDefault', message: 'This value is not valid.' }),
};
