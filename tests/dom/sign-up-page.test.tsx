import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { storage } from '@src/app/storage';
import { storageKeys } from '@src/app/storage-keys';
import { answerCall } from '../support/admin-dialog-host';
import { answerResource, emailResource, emptyFormDefinition } from '../support/profile-fixtures';
import { en, fillSecurityStep } from '../support/public-page';
import { preloadLazyChunks, renderShell } from '../support/render-shell';
import { answeringApi, profileCalls } from '../support/shell-api';

/**
 * The real sign-up page (src/profile/SignUpPage.tsx) in the real shell, only the network fake (spec public-and-profile
 * §2 "Sign-up page": "After a successful save it shows a confirmation with a logo, a message, instructions and a link
 * to the login page, or to the given redirect URL. It scrolls to the top."; "On entry it clears stored login, token and
 * menu data"). The registrations come with an invitation's `st` token, so no captcha stands between the person and
 * Register (the captcha's own walk is tests/model/sign-up.model.test.tsx).
 */

const TOKEN = 'sealed.invitation.token';
/** Acme's form as the invitation opens it: the e-mail fixed by the invitation, no profile field. */
const signUpForm = emptyFormDefinition({ fields: [], applications: [] });

function openSignUp(path: string) {
  const calls = profileCalls();
  const resources = answeringApi(() => ({
    inputs: { Instance_Field_Email: emailResource(), Security_Field_Answer: answerResource() },
    allowsSignUp: true,
  }));
  const shell = renderShell({ path, api: { ...resources.api, ...calls.api } });
  return { shell, calls, user: userEvent.setup({ delay: null }) };
}

/** The invited person registers: the invitation read, Continue, the Security step, Register, the server accepting. */
async function register(
  { calls, user }: ReturnType<typeof openSignUp>,
  accepted: { applicationHosts: string[] } = { applicationHosts: [] },
) {
  await answerCall(calls.invitation, { output: { email: 'ana@acme.test' } });
  await answerCall(calls.registerForm, { output: signUpForm });
  await user.click(await screen.findByRole('button', { name: 'Continue' }));
  await fillSecurityStep(user);
  await user.click(screen.getByRole('button', { name: en('SignUp_Button_Register') }));
  await answerCall(calls.register, { output: { accepted: true, ...accepted } });
}

/** The confirmation's card (its heading's status region). */
async function confirmation() {
  const heading = await screen.findByRole('heading', { name: en('SignUp_Text_ConfirmationTitle') });
  return within(heading.closest('[role="status"]') as HTMLElement);
}

// A registration through the real shell takes many renders: on a busy machine more than Vitest's default 5 s.
describe('sign-up confirmation (§2 "Sign-up page", §4 "Sign-up")', { timeout: 60_000 }, () => {
  beforeAll(preloadLazyChunks, 60_000);
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the logo, the message, the instructions and the link to the login page, and scrolls to the top', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    const page = openSignUp(`/SignUp/acme?st=${TOKEN}`);
    await register(page);
    const card = await confirmation();
    expect(card.getByRole('img', { name: 'Client logo' })).toBeInTheDocument();
    expect(card.getByText(en('SignUp_Text_ConfirmationMessage'))).toBeInTheDocument();
    expect(card.getByText(en('SignUp_Text_ConfirmationInstructions'))).toBeInTheDocument();
    expect(card.getByRole('link', { name: en('SignUp_Link_Login') })).toHaveAttribute('href', '/Login/acme');
    expect(card.queryByRole('link', { name: en('SignUp_Link_Continue') })).toBeNull();
    // The form is gone, and the window went to its top once, when the confirmation replaced it.
    expect(screen.queryByTestId('profile-form')).toBeNull();
    expect(scrollTo.mock.calls).toEqual([[{ top: 0 }]]);
  });

  it('does not scroll to the top while the form is on screen', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    const page = openSignUp(`/SignUp/acme?st=${TOKEN}`);
    await answerCall(page.calls.invitation, { output: { email: 'ana@acme.test' } });
    await answerCall(page.calls.registerForm, { output: signUpForm });
    await page.user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByLabelText(/^Password/)).toBeInTheDocument();
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('links to the given redirect URL instead, when it returns to an application of the client', async () => {
    const redirect = 'https://benefits.acme.test/welcome';
    const page = openSignUp(
      `/SignUp/acme/${encodeURIComponent('ana@acme.test')}/${encodeURIComponent(redirect)}?st=${TOKEN}`,
    );
    await register(page, { applicationHosts: ['benefits.acme.test'] });
    const card = await confirmation();
    expect(card.getByRole('img', { name: 'Client logo' })).toBeInTheDocument();
    expect(card.getByRole('link', { name: en('SignUp_Link_Continue') })).toHaveAttribute('href', redirect);
    expect(card.queryByRole('link', { name: en('SignUp_Link_Login') })).toBeNull();
  });

  it('links to the login page when the redirect URL leads to a site that is none of the client’s', async () => {
    const page = openSignUp(
      `/SignUp/acme/${encodeURIComponent('ana@acme.test')}/${encodeURIComponent('https://evil.test/x')}?st=${TOKEN}`,
    );
    await register(page, { applicationHosts: ['benefits.acme.test'] });
    const card = await confirmation();
    expect(card.getByRole('link', { name: en('SignUp_Link_Login') })).toHaveAttribute('href', '/Login/acme');
  });
});

describe('sign-up entry (§2 "On entry it clears stored login, token and menu data")', { timeout: 60_000 }, () => {
  beforeAll(preloadLazyChunks, 60_000);

  it('clears exactly the stored tokens, the signed-in profile, the menu and the login attempts, and keeps the rest', async () => {
    // Every key but the stored application error, which the shell shows once and clears on any page (§4).
    const everyKey = Object.values(storageKeys).filter((key) => key !== storageKeys.applicationError);
    for (const key of everyKey) storage.write(key, `before-${key}`);
    const page = openSignUp('/SignUp/acme');
    // The page is preparing (config/public asked): its entry has run.
    await waitFor(() => {
      expect(page.calls.publicConfig.waiting()).toBe(1);
    });
    const cleared = everyKey.filter((key) => storage.read(key) === undefined);
    expect(cleared.sort()).toEqual(
      [storageKeys.tokens, storageKeys.profile, storageKeys.menu, storageKeys.loginAttempts].sort(),
    );
  });
});
