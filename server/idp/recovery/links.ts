import type { AuthnContext } from '../authn/context';
import { issueOneTimeToken } from '../one-time-tokens';
import type { IdpUser } from '../users/directory';
import {
  ACTIVATION_TOKEN_TTL_MS,
  activationMail,
  RECOVERY_TOKEN_TTL_MS,
  recoveryMail,
  resetPasswordUrl,
} from './recovery-mail';

type LinkContext = Pick<AuthnContext, 'db' | 'publicUrl' | 'mailer'>;

export interface RecoveryLink {
  token: string;
  url: string;
}

/**
 * A one-time recovery token and the SPA link that starts the widget with it. Password resets and activations use
 * the same kind of token: either way the person proves the mailbox and then chooses a password.
 */
export async function issueRecoveryLink(ctx: LinkContext, user: IdpUser, ttlMs: number): Promise<RecoveryLink> {
  const { token } = await issueOneTimeToken(ctx.db, 'recovery', user.id, { ttlMs });
  return { token, url: resetPasswordUrl(ctx.publicUrl, token) };
}

export async function mailRecoveryLink(ctx: LinkContext, user: IdpUser): Promise<void> {
  const { url } = await issueRecoveryLink(ctx, user, RECOVERY_TOKEN_TTL_MS);
  await ctx.mailer.send(recoveryMail(user, url));
}

export async function mailActivationLink(ctx: LinkContext, user: IdpUser): Promise<void> {
  const { url } = await issueRecoveryLink(ctx, user, ACTIVATION_TOKEN_TTL_MS);
  await ctx.mailer.send(activationMail(user, url));
}
