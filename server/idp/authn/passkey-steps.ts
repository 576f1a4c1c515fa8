import { logEvent, userActor, type LogClient } from '../events/catalogue';
import { activateWebauthn, recordAssertion, registeredCredential, takeChallenge } from '../factors/passkeys';
import type { Factor } from '../factors/store';
import { verifyAssertion, verifyRegistration } from '../factors/webauthn';
import { textField } from '../request-fields';
import type { IdpUser } from '../users/directory';
import type { AuthnContext } from './context';
import { oktaErrors } from './errors';
import { factorTarget } from './factor-target';
import { checkWithinBudget, payloadOf, type AuthnTransaction } from './transactions';

/**
 * The transaction's challenge, used up before anything is checked: a second answer to the same challenge (a replay,
 * or a retry after a refusal) finds none and is refused; the widget asks for a new one when the person retries.
 */
async function useChallenge(ctx: AuthnContext, transaction: AuthnTransaction): Promise<string | undefined> {
  const { challenge } = payloadOf(transaction);
  if (!challenge || !(await takeChallenge(ctx.db, transaction.stateToken, challenge))) return undefined;
  return challenge;
}

/** A passkey's answer in the System Log (`user.authentication.auth_via_mfa`), and E0000068 when it was refused. */
function settle(ctx: AuthnContext, client: LogClient, user: IdpUser, accepted: boolean): void {
  ctx.events.record(
    logEvent('user.authentication.auth_via_mfa', client, userActor(user), {
      result: accepted ? 'SUCCESS' : 'FAILURE',
      reason: accepted ? null : 'VERIFICATION_ERROR',
    }),
  );
  if (!accepted) throw oktaErrors.passkeyRefused();
}

/**
 * A8 for a passkey: the attestation the widget made with navigator.credentials.create must answer this enrolment's
 * challenge on our origin and RP id; its credential becomes the factor's. Any refusal counts against the
 * transaction's budget and is logged as a failed `user.authentication.auth_via_mfa`.
 */
export async function activatePasskey(
  ctx: AuthnContext,
  client: LogClient,
  transaction: AuthnTransaction,
  factor: Factor,
  body: unknown,
  user: IdpUser,
): Promise<void> {
  const activated = await checkWithinBudget(
    ctx.db,
    transaction,
    async () => {
      const challenge = await useChallenge(ctx, transaction);
      if (!challenge) return false;
      const credential = await verifyRegistration(ctx.relyingParty, challenge, {
        attestation: textField(body, 'attestation'),
        clientData: textField(body, 'clientData'),
        transports: textField(body, 'transports'),
      });
      return credential !== undefined && (await activateWebauthn(ctx.db, factor, credential, { signsIn: true }));
    },
    (ok) => ok,
  );
  settle(ctx, client, user, activated);
  ctx.events.record(logEvent('user.mfa.factor.activate', client, userActor(user), { targets: [factorTarget(factor)] }));
}

/**
 * A9 for a passkey, second call: the assertion must answer the challenge of this MFA_CHALLENGE for this factor, be
 * signed by its credential on our origin and RP id, and move its signature counter on.
 */
export async function verifyPasskey(
  ctx: AuthnContext,
  client: LogClient,
  transaction: AuthnTransaction,
  factor: Factor,
  body: unknown,
  user: IdpUser,
): Promise<void> {
  const verified = await checkWithinBudget(
    ctx.db,
    transaction,
    async () => {
      if (transaction.status !== 'MFA_CHALLENGE' || payloadOf(transaction).factorId !== factor.id) return false;
      const challenge = await useChallenge(ctx, transaction);
      if (!challenge) return false;
      const newCount = await verifyAssertion(ctx.relyingParty, challenge, registeredCredential(factor), {
        clientData: textField(body, 'clientData'),
        authenticatorData: textField(body, 'authenticatorData'),
        signatureData: textField(body, 'signatureData'),
      });
      return newCount !== undefined && (await recordAssertion(ctx.db, factor, newCount));
    },
    (ok) => ok,
  );
  settle(ctx, client, user, verified);
}
