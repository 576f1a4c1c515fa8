import type { FastifyInstance } from 'fastify';
import { clientOf, logEvent, userActor, type LogClient } from '../events/catalogue';
import { acceptCode, enrollTotp, findFactor, FactorExistsError, type Factor } from '../factors/store';
import { TOTP_FACTOR_TYPE, totpProviders, type TotpProvider } from '../factors/totp';
import { enrollWebauthn } from '../factors/passkeys';
import { newChallenge, WEBAUTHN_FACTOR_TYPE, WEBAUTHN_PROVIDER } from '../factors/webauthn';
import { offeredFactorTypes } from './factor-policy';
import { activatePasskey, verifyPasskey } from './passkey-steps';
import { factorTarget } from './factor-target';
import { textField } from '../request-fields';
import type { IdpUser } from '../users/directory';
import type { AuthnContext } from './context';
import { oktaErrors } from './errors';
import { enterState, succeed } from './next-step';
import { openTransaction } from './open-transaction';
import { checkWithinBudget, payloadOf, type AuthnTransaction } from './transactions';

const AUTHN = '/api/v1/authn';
/** What a second factor adds to the session's `amr` (RFC 8176): a one-time password, and so multiple factors. */
const MFA_AMR = ['pwd', 'otp', 'mfa'];
/** A passkey is a hardware-protected key (RFC 8176 `hwk`) besides the password. */
const PASSKEY_AMR = ['pwd', 'hwk', 'mfa'];

const isTotpProvider = (value: string | undefined): value is TotpProvider =>
  (totpProviders as readonly (string | undefined)[]).includes(value);

/**
 * Throws E0000068 for a wrong code (counted against the transaction) and E0000082 for a replayed one. Either is a
 * failed `user.authentication.auth_via_mfa` (VERIFICATION_ERROR) in the System Log; a right one a successful one.
 */
async function checkPasscode(
  ctx: AuthnContext,
  client: LogClient,
  transaction: AuthnTransaction,
  factor: Factor,
  body: unknown,
  user: IdpUser,
) {
  const outcome = await checkWithinBudget(
    ctx.db,
    transaction,
    () => acceptCode(ctx.db, ctx.sealer, factor, textField(body, 'passCode') ?? ''),
    (result) => result !== 'wrong',
  );
  const failed = outcome === 'wrong' || outcome === 'replayed';
  ctx.events.record(
    logEvent('user.authentication.auth_via_mfa', client, userActor(user), {
      result: failed ? 'FAILURE' : 'SUCCESS',
      reason: failed ? 'VERIFICATION_ERROR' : null,
    }),
  );
  if (outcome === 'wrong') throw oktaErrors.wrongPasscode();
  if (outcome === 'replayed') throw oktaErrors.replayedPasscode();
}

/** True when the body asks for a factor type and provider we offer, and the policy offers that type to this person. */
async function enrollable(ctx: AuthnContext, userId: string, body: unknown): Promise<string | undefined> {
  const factorType = textField(body, 'factorType');
  const provider = textField(body, 'provider');
  const known =
    (factorType === TOTP_FACTOR_TYPE && isTotpProvider(provider)) ||
    (factorType === WEBAUTHN_FACTOR_TYPE && provider === WEBAUTHN_PROVIDER);
  if (!known || !(await offeredFactorTypes(ctx, userId)).includes(factorType)) return undefined;
  return factorType;
}

/** A6 enrol, A8 activate, A9 verify: TOTP and passkeys during sign-in. */
export function factorRoutes(scope: FastifyInstance, ctx: AuthnContext): void {
  scope.post(`${AUTHN}/factors`, async (request) => {
    const { transaction, user } = await openTransaction(ctx, request.body, ['MFA_ENROLL']);
    const factorType = await enrollable(ctx, user.id, request.body);
    if (factorType === undefined) {
      throw oktaErrors.validation(['factorType: The factor type and provider are not supported.']);
    }
    try {
      if (factorType === WEBAUTHN_FACTOR_TYPE) {
        const factor = await enrollWebauthn(ctx.db, user.id);
        return await enterState(ctx, user, 'MFA_ENROLL_ACTIVATE', transaction, {
          factorId: factor.id,
          challenge: newChallenge(),
        });
      }
      const provider = textField(request.body, 'provider') as TotpProvider;
      const { factor, qrToken } = await enrollTotp(ctx.db, ctx.sealer, user.id, provider);
      return await enterState(ctx, user, 'MFA_ENROLL_ACTIVATE', transaction, { factorId: factor.id, qrToken });
    } catch (error) {
      if (error instanceof FactorExistsError) throw oktaErrors.validation([error.message]);
      throw error;
    }
  });

  /** A8. The first right code activates the factor and completes the sign-in. */
  scope.post<{ Params: { factorId: string } }>(`${AUTHN}/factors/:factorId/lifecycle/activate`, async (request) => {
    const { transaction, user } = await openTransaction(ctx, request.body, ['MFA_ENROLL_ACTIVATE']);
    const factor = await findFactor(ctx.db, user.id, request.params.factorId);
    if (factor?.status !== 'PENDING_ACTIVATION') throw oktaErrors.notFound(`${request.params.factorId} (UserFactor)`);
    const client = clientOf(request);
    if (factor.factorType === WEBAUTHN_FACTOR_TYPE) {
      await activatePasskey(ctx, client, transaction, factor, request.body, user);
      return succeed(ctx, client, user, PASSKEY_AMR, transaction);
    }
    await checkPasscode(ctx, client, transaction, factor, request.body, user);
    ctx.events.record(
      logEvent('user.mfa.factor.activate', client, userActor(user), { targets: [factorTarget(factor)] }),
    );
    return succeed(ctx, client, user, MFA_AMR, transaction);
  });

  /** A9. `rememberDevice` arrives in the query and is ignored: the policy never offers it. */
  scope.post<{ Params: { factorId: string } }>(`${AUTHN}/factors/:factorId/verify`, async (request) => {
    // MFA_CHALLENGE too: a passkey is verified in two calls, and the widget may switch to TOTP after the first.
    const { transaction, user } = await openTransaction(ctx, request.body, ['MFA_REQUIRED', 'MFA_CHALLENGE']);
    const factor = await findFactor(ctx.db, user.id, request.params.factorId);
    if (factor?.status !== 'ACTIVE') throw oktaErrors.notFound(`${request.params.factorId} (UserFactor)`);
    const client = clientOf(request);
    if (factor.factorType === WEBAUTHN_FACTOR_TYPE) {
      // Without an assertion this call asks for a challenge (→ MFA_CHALLENGE); with one it answers it.
      if (textField(request.body, 'clientData') === undefined) {
        return enterState(ctx, user, 'MFA_CHALLENGE', transaction, {
          factorId: factor.id,
          challenge: newChallenge(),
          failures: payloadOf(transaction).failures,
        });
      }
      await verifyPasskey(ctx, client, transaction, factor, request.body, user);
      return succeed(ctx, client, user, PASSKEY_AMR, transaction);
    }
    await checkPasscode(ctx, client, transaction, factor, request.body, user);
    return succeed(ctx, client, user, MFA_AMR, transaction);
  });
}
