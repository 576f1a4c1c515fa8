import { msg } from '@lingui/core/macro';

/** Help page (public-and-profile §2 "Help (FAQ) page"). */
const faqLabels = {
  Faq_Text_Title: msg({ id: 'Faq_Text_Title', message: 'Frequently asked questions' }),
  Faq_Text_Subtitle: msg({
    id: 'Faq_Text_Subtitle',
    message: 'Find answers to the most common questions about your account.',
  }),
  Faq_Text_Categories: msg({ id: 'Faq_Text_Categories', message: 'Categories' }),
  Faq_Text_Empty: msg({ id: 'Faq_Text_Empty', message: 'There are no questions yet.' }),
  Faq_Link_Login: msg({ id: 'Faq_Link_Login', message: 'Back to sign in' }),
  Faq_Text_LoadFailed: msg({ id: 'Faq_Text_LoadFailed', message: 'The questions could not be loaded.' }),
};

/** Sign-up page and its confirmation (public-and-profile §2 "Sign-up page"). */
const signUpLabels = {
  SignUp_Text_Title: msg({ id: 'SignUp_Text_Title', message: 'Create your account' }),
  SignUp_Button_Register: msg({ id: 'SignUp_Button_Register', message: 'Register' }),
  SignUp_Text_ConfirmationTitle: msg({ id: 'SignUp_Text_ConfirmationTitle', message: 'Thanks for registering!' }),
  SignUp_Text_ConfirmationMessage: msg({
    id: 'SignUp_Text_ConfirmationMessage',
    message: 'Your account has been created.',
  }),
  SignUp_Text_ConfirmationInstructions: msg({
    id: 'SignUp_Text_ConfirmationInstructions',
    message: 'You can now sign in with your email address and the password you chose.',
  }),
  SignUp_Link_Login: msg({ id: 'SignUp_Link_Login', message: 'Go to sign in' }),
  SignUp_Link_Continue: msg({ id: 'SignUp_Link_Continue', message: 'Continue' }),
};

/**
 * One-time-code password reset (public-and-profile §2, §4, §5, §8). The code text never says whether an account
 * exists for the address, so the page cannot be used to discover accounts.
 */
const resetPasswordLabels = {
  ResetPassword_Text_Title: msg({ id: 'ResetPassword_Text_Title', message: 'Reset your password' }),
  // Each section's heading, where the focus goes when the section comes on screen.
  ResetPassword_Text_StepEmail: msg({ id: 'ResetPassword_Text_StepEmail', message: 'Your email address' }),
  ResetPassword_Text_StepCode: msg({ id: 'ResetPassword_Text_StepCode', message: 'The code we sent you' }),
  ResetPassword_Text_StepPassword: msg({ id: 'ResetPassword_Text_StepPassword', message: 'Your new password' }),
  ResetPassword_Text_StepDone: msg({ id: 'ResetPassword_Text_StepDone', message: 'Password changed' }),
  ResetPassword_Text_EmailInstructions: msg({
    id: 'ResetPassword_Text_EmailInstructions',
    message: 'Enter the email address of your account and we will send you a 6-digit code.',
  }),
  ResetPassword_Field_Email: msg({ id: 'ResetPassword_Field_Email', message: 'Email address' }),
  ResetPassword_Button_SendCode: msg({ id: 'ResetPassword_Button_SendCode', message: 'Send code' }),
  ResetPassword_Text_CodeInstructions: msg({
    id: 'ResetPassword_Text_CodeInstructions',
    message: 'If an account exists for {email}, we have sent it a 6-digit code. Enter it below.',
  }),
  ResetPassword_Field_Code: msg({ id: 'ResetPassword_Field_Code', message: 'Verification code' }),
  ResetPassword_Button_VerifyCode: msg({ id: 'ResetPassword_Button_VerifyCode', message: 'Verify code' }),
  ResetPassword_Button_ResendCode: msg({ id: 'ResetPassword_Button_ResendCode', message: 'Send a new code' }),
  ResetPassword_Text_PasswordInstructions: msg({
    id: 'ResetPassword_Text_PasswordInstructions',
    message: 'Choose a new password for your account.',
  }),
  ResetPassword_Button_ResetPassword: msg({ id: 'ResetPassword_Button_ResetPassword', message: 'Reset password' }),
  ResetPassword_Text_Success: msg({
    id: 'ResetPassword_Text_Success',
    message: 'Your password has been reset. You can now sign in with your new password.',
  }),
  ResetPassword_Link_Login: msg({ id: 'ResetPassword_Link_Login', message: 'Back to sign in' }),
  ResetPassword_Text_Disabled: msg({
    id: 'ResetPassword_Text_Disabled',
    message: 'Resetting your password with a one-time code is not available. Contact your administrator for help.',
  }),
  ResetPassword_Error_CodeLength: msg({
    id: 'ResetPassword_Error_CodeLength',
    message: 'The code must be exactly 6 characters long.',
  }),
  ResetPassword_Error_CodeInvalid: msg({
    id: 'ResetPassword_Error_CodeInvalid',
    message: 'The code is not right or has expired. Check the email or send a new code.',
  }),
  ResetPassword_Error_GrantInvalid: msg({
    id: 'ResetPassword_Error_GrantInvalid',
    message: 'This reset has expired or was already used. Send a new code to start again.',
  }),
  ResetPassword_Error_SingleSignOn: msg({
    id: 'ResetPassword_Error_SingleSignOn',
    message:
      'You sign in with your organisation’s single sign-on, so your password is managed there, not here. Change it with your organisation’s sign-in service.',
  }),
  ResetPassword_Text_CaptchaMissing: msg({
    id: 'ResetPassword_Text_CaptchaMissing',
    message: 'Complete the verification before sending the code.',
  }),
  ResetPassword_Text_ErrorCode: msg({ id: 'ResetPassword_Text_ErrorCode', message: 'Error code: {code}' }),
  ResetPassword_Text_LoadFailed: msg({
    id: 'ResetPassword_Text_LoadFailed',
    message: 'The password reset page could not be loaded.',
  }),
  ResetPassword_Link_Continue: msg({ id: 'ResetPassword_Link_Continue', message: 'Continue' }),
  // Shown with the code Exceeded_MaxOTP_Verification after more than 5 tries (public-and-profile §8).
  ResetPassword_Error_AttemptsExceeded: msg({
    id: 'ResetPassword_Error_AttemptsExceeded',
    message: 'You have exceeded the maximum allowed attempts, please use the Forgot Password option to try again.',
  }),
};

/** Security step of the profile form: password, question, answer and the seven instruction lines. */
const securityLabels = {
  Security_Field_CurrentPassword: msg({ id: 'Security_Field_CurrentPassword', message: 'Current password' }),
  Security_Field_Password: msg({ id: 'Security_Field_Password', message: 'Password' }),
  Security_Field_ConfirmPassword: msg({ id: 'Security_Field_ConfirmPassword', message: 'Confirm password' }),
  Security_Field_Question: msg({ id: 'Security_Field_Question', message: 'Security question' }),
  Security_Field_Answer: msg({ id: 'Security_Field_Answer', message: 'Security answer' }),
  Security_Text_PasswordRules: msg({ id: 'Security_Text_PasswordRules', message: 'Your password must:' }),
  Security_Text_PasswordRuleLength: msg({
    id: 'Security_Text_PasswordRuleLength',
    message: 'Be at least 8 characters long.',
  }),
  Security_Text_PasswordRuleLowercase: msg({
    id: 'Security_Text_PasswordRuleLowercase',
    message: 'Include a lowercase letter.',
  }),
  Security_Text_PasswordRuleUppercase: msg({
    id: 'Security_Text_PasswordRuleUppercase',
    message: 'Include an uppercase letter.',
  }),
  Security_Text_PasswordRuleNumber: msg({ id: 'Security_Text_PasswordRuleNumber', message: 'Include a number.' }),
  Security_Text_PasswordRuleSymbol: msg({
    id: 'Security_Text_PasswordRuleSymbol',
    message: 'Include a symbol, such as ! @ # or $.',
  }),
  Security_Text_PasswordRuleNoUsername: msg({
    id: 'Security_Text_PasswordRuleNoUsername',
    message: 'Not contain your username or parts of your name.',
  }),
  Security_Text_PasswordRuleHistory: msg({
    id: 'Security_Text_PasswordRuleHistory',
    message: 'Not be one of your last 4 passwords.',
  }),
};

/** The public pages: help, sign-up, password reset and the security form. */
export const publicLabels = { ...faqLabels, ...signUpLabels, ...resetPasswordLabels, ...securityLabels };
