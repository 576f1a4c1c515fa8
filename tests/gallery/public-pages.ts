import { faqMachine } from '@machines/faq/faq.machine';
import { loginMachine } from '@machines/login/login.machine';
import { passwordResetMachine } from '@machines/password-reset/password-reset.machine';
import { profileFormMachine } from '@machines/profile-form/profile-form.machine';
import { signUpMachine } from '@machines/sign-up/sign-up.machine';
import { identityPages } from '../e2e/identity';
import { noNetwork } from './admin-lists';
import type { GalleryPage } from './gallery-types';
import { fail, hold, shows, signs, visit } from './steps';

const widgetUsername = '#okta-sign-in-widget input[name="username"]';
/** The proof-of-work captcha and a mailed code stand before these; the e2e password-reset and profile specs walk them. */
const afterCaptcha = 'comes after solving the real proof-of-work captcha (seconds each); walked by the e2e specs';
/** The empty sign-up form of a client (GET …/Register/{clientId}): read once the captcha is known. */
const registerForm = 'FormApplicationTemplateClientField/Register';
const transient = 'passes in a moment on the way to the next state, with nothing of its own on screen';

/** The public side: the login page, the FAQ, sign-up, the password reset. */
export const publicPages: readonly GalleryPage[] = [
  {
    id: 'login',
    title: 'Login and SSO',
    routes: ['login', 'publicAdmin', 'sso'],
    sections: [
      {
        machine: loginMachine,
        shots: [
          {
            state: 'showingWidget',
            as: 'anonymous',
            open: ({ page }) => visit(page, '/Login/acme', (p) => p.locator(widgetUsername)),
          },
          {
            state: 'showingWidget',
            variant: 'wrong password',
            as: 'anonymous',
            open: async ({ page }) => {
              await identityPages.openLogin(page, '/Login/acme');
              // Nobody's account: wrong tries on a real person would count towards locking them out.
              await identityPages.signIn(page, 'nobody@acme.test', 'not-a-password');
              await shows(
                page.locator('#okta-sign-in-widget .o-form-error-container [role="alert"], .okta-form-infobox-error'),
              );
            },
          },
          {
            state: 'widgetFailed',
            as: 'anonymous',
            open: async ({ page }) => {
              // The widget's library arrives as its own chunk (vite names it after its entry, classic); without it the
              // flow cannot mount the widget.
              await page.route(/\/assets\/classic-[^/]*\.js/, (route) => route.abort());
              await visit(page, '/Login/acme', (p) => p.getByTestId('widget-failure'));
            },
          },
        ],
        leftOut: {
          starting: transient,
          routing: transient,
          handlingRedirect: 'the /login/callback transit page: a spinner while the tokens are exchanged',
          checkingSession: transient,
          redirectingToIdp: 'the browser leaves for an upstream identity provider',
          validatingProfile: 'a spinner for a moment after a successful sign-in',
          checkingTerms:
            'a spinner while the client’s current terms are looked up; when there are new ones, the terms page (its own machine, terms-acceptance) shows instead',
          rejecting: transient,
          signingOutAfterFailure: transient,
          signedIn: transient,
          issuingToken:
            'a spinner for a moment while a one-time token is made for the application link, then the browser leaves',
          leaving: 'the browser leaves for the page after sign-in (the board shots)',
          offline: noNetwork,
        },
      },
    ],
  },
  {
    id: 'faq',
    title: 'FAQ',
    routes: ['faq'],
    sections: [
      {
        machine: faqMachine,
        shots: [
          {
            state: 'loading',
            as: 'anonymous',
            open: async ({ page }) => {
              await hold(page, 'resource/faq');
              await visit(page, '/Faq/acme', signs.spinner);
            },
          },
          { state: 'ready', as: 'anonymous', open: ({ page }) => visit(page, '/Faq/acme', signs.title) },
          {
            state: 'failed',
            as: 'anonymous',
            open: async ({ page }) => {
              await fail(page, 'resource/faq');
              await visit(page, '/Faq/acme', signs.failure);
            },
          },
        ],
      },
    ],
  },
  {
    id: 'sign-up',
    title: 'Sign-up',
    routes: ['signUp'],
    sections: [
      {
        machine: signUpMachine,
        shots: [
          {
            state: 'preparing',
            as: 'anonymous',
            open: async ({ page }) => {
              await hold(page, 'config/public');
              await visit(page, '/SignUp/acme', signs.spinner);
            },
          },
          {
            state: 'invitationInvalid',
            as: 'anonymous',
            open: ({ page, text }) =>
              visit(page, '/SignUp/acme?st=not-an-invitation', (p) =>
                p.getByText(text('SignUp_Text_InvitationInvalid')),
              ),
          },
          {
            state: 'failed',
            as: 'anonymous',
            open: async ({ page }) => {
              await fail(page, registerForm);
              await visit(page, '/SignUp/acme', signs.failure);
            },
          },
          {
            state: 'notOffered',
            as: 'anonymous',
            // Globex creates its people's accounts itself (no AutoSignUp).
            open: ({ page, text }) => visit(page, '/SignUp/globex', (p) => p.getByText(text('SignUp_Text_NotOffered'))),
          },
        ],
        leftOut: {
          starting: transient,
          checkingInvitation: transient,
          filling: 'hosts the profile form: its states are the next section',
          confirmed: afterCaptcha,
        },
      },
      {
        machine: profileFormMachine,
        shots: [
          {
            state: 'loading',
            variant: 'sign-up',
            as: 'anonymous',
            open: async ({ page }) => {
              await hold(page, registerForm);
              await visit(page, '/SignUp/acme', signs.loading);
            },
          },
          {
            state: 'editing',
            variant: 'sign-up, Profile step',
            as: 'anonymous',
            open: ({ page }) => visit(page, '/SignUp/acme', (p) => p.getByTestId('profile-form')),
          },
          {
            state: 'editing',
            variant: 'sign-up, validation errors',
            as: 'anonymous',
            open: async ({ page, text }) => {
              await visit(page, '/SignUp/acme', (p) => p.getByTestId('profile-form'));
              await page.getByRole('button', { name: text('Instance_Button_Continue'), exact: true }).click();
              await shows(page.locator('[aria-invalid="true"]'));
            },
          },
        ],
        leftOut: {
          saving: 'Register sends the form: after the captcha',
          conflict: 'Edit Profile only, when someone else saved the profile meanwhile: needs a second writer mid-edit',
          overwriting: 'follows conflict',
          failed: 'the registration refused by the server: after the captcha',
          saved: 'final: the sign-up confirmation or the page after Edit Profile',
          cancelled: 'final: the form is left',
          unauthorised: 'final: the session ended while editing (the login page)',
          offline: noNetwork,
        },
      },
    ],
  },
  {
    id: 'sign-up-without-client',
    title: 'Sign-up without a client',
    routes: ['signUpWithoutClient'],
    sections: [
      { shots: [{ state: 'notice', as: 'anonymous', open: ({ page }) => visit(page, '/SignUp', signs.title) }] },
    ],
  },
  {
    id: 'reset-password',
    title: 'Password reset (one-time code)',
    routes: ['resetPassword'],
    sections: [
      {
        machine: passwordResetMachine,
        shots: [
          { state: 'email', as: 'anonymous', open: ({ page }) => visit(page, '/ResetPassword/acme', signs.title) },
          {
            state: 'failed',
            as: 'anonymous',
            open: async ({ page }) => {
              await fail(page, 'resource/aggregatedByPage?ResetPassword');
              await visit(page, '/ResetPassword/acme', signs.failure);
            },
          },
        ],
        leftOut: {
          preparing: 'not shot yet: with its resource call held, the page showed no status in time (docs/gallery.md)',
          disabled: 'no client of the demo world turns the one-time-code reset off',
          requestingCode: afterCaptcha,
          code: afterCaptcha,
          validatingCode: afterCaptcha,
          password: afterCaptcha,
          resetting: afterCaptcha,
          done: afterCaptcha,
        },
      },
    ],
  },
];
