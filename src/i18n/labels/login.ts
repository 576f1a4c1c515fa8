import { msg } from '@lingui/core/macro';

/** Login page (public-and-profile §2 "Login page", §8 "Login"). */
export const loginLabels = {
  Login_Text_Title: msg({ id: 'Login_Text_Title', message: 'Sign in' }),
  Login_Text_ApplicationError: msg({
    id: 'Login_Text_ApplicationError',
    message: 'The application {applicationName} was not found. Check the address or contact your administrator.',
  }),
  Login_Text_ClientError: msg({
    id: 'Login_Text_ClientError',
    message: 'The client {clientId} was not found. Check the address or contact your administrator.',
  }),
  // The spec shows the next two only when a client has configured them (the resources answer carries the key);
  // the built-in text is the wording offered when an administrator turns one on.
  Login_Text_ClientErrorMessage: msg({
    id: 'Login_Text_ClientErrorMessage',
    message: 'We could not sign you in. Check your username and password and try again.',
  }),
  Login_Text_LoginRequired: msg({ id: 'Login_Text_LoginRequired', message: 'Please sign in to continue.' }),
  Login_Text_RecoveryMode: msg({
    id: 'Login_Text_RecoveryMode',
    message: 'Please introduce the recovery token sent via email.',
  }),
  Login_Text_AttemptsRemaining: msg({
    id: 'Login_Text_AttemptsRemaining',
    message: '{count, plural, one {You have # sign-in attempt left.} other {You have # sign-in attempts left.}}',
  }),
  Login_Text_AttemptsExceeded: msg({
    id: 'Login_Text_AttemptsExceeded',
    message:
      'You have reached the maximum number of sign-in attempts. Try again in 30 minutes or use Forgot password to reset it.',
  }),
  Login_Link_Faq: msg({ id: 'Login_Link_Faq', message: 'Need help?' }),
  // Issue 9: under the widget for a client that allows sign-up (AutoSignUp).
  Login_Link_SignUp: msg({ id: 'Login_Link_SignUp', message: 'Sign up' }),
};
