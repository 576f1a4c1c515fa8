import type { SnapshotFrom } from 'xstate';
import type { myAccountMachine } from './my-account.machine';

type MyAccountSnapshot = SnapshotFrom<typeof myAccountMachine>;

/** What the page shows: a spinner while the account is read, its error card, or the two sections. */
export const selectPhase = (s: MyAccountSnapshot): 'loading' | 'loadFailed' | 'ready' | 'closed' =>
  s.matches('loading') ? 'loading' : s.matches('loadFailed') ? 'loadFailed' : s.matches('closed') ? 'closed' : 'ready';

/** How "Close my account" shows: offered, not offered because the person signs in elsewhere, or not at all. */
export const selectClosing = (s: MyAccountSnapshot): 'offered' | 'sso' | 'hidden' => {
  const account = s.context.account;
  if (account === undefined || !account.closingAllowed) return 'hidden';
  return account.ssoUser ? 'sso' : 'offered';
};

export const selectIsDownloading = (s: MyAccountSnapshot): boolean => s.matches({ ready: 'downloading' });

/** The closing's dialog is open (the password asked again), or the closing is under way. */
export const selectIsConfirming = (s: MyAccountSnapshot): boolean =>
  s.matches({ ready: 'confirming' }) || s.matches({ ready: 'closing' });

export const selectIsClosing = (s: MyAccountSnapshot): boolean =>
  s.matches({ ready: 'closing' }) || s.matches('closed');

export const selectPassword = (s: MyAccountSnapshot): string => s.context.password;

export const selectRefusal = (s: MyAccountSnapshot) => s.context.refusal;

export const selectCanConfirm = (s: MyAccountSnapshot): boolean =>
  s.matches({ ready: 'confirming' }) && s.context.password !== '';

/** The address the e-mail section starts from, and whether the person may change it (not single-sign-on people). */
export const selectEmailAccount = (s: MyAccountSnapshot): { email: string; ssoUser: boolean } | undefined => {
  const account = s.context.account;
  return account === undefined ? undefined : { email: account.email, ssoUser: account.ssoUser };
};
export const sameEmailAccount = (
  a: { email: string; ssoUser: boolean } | undefined,
  b: { email: string; ssoUser: boolean } | undefined,
) => a?.email === b?.email && a?.ssoUser === b?.ssoUser;
