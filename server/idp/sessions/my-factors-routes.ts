import type { FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';
import type { Db } from '../../db/client';
import { oktaErrors } from '../authn/errors';
import { factorTarget } from '../authn/factor-target';
import { preflight } from '../cors';
import { clientOf, logEvent, userActor } from '../events/catalogue';
import type { EventRecorder } from '../events/recorder';
import { activateWebauthn, enrollWebauthn, registeredCredential, takeOwnChallenge } from '../factors/passkeys';
import { deleteFactor, findFactor, listFactors, type Factor } from '../factors/store';
import {
  newChallenge,
  registrationOptions,
  verifyRegistration,
  WEBAUTHN_FACTOR_TYPE,
  WEBAUTHN_PROVIDER,
  type RelyingParty,
} from '../factors/webauthn';
import { textField } from '../request-fields';
import { signedIn } from './signed-in';

/** Gatehouse's own (Okta's is `/api/v1/users/{id}/factors` with an API token): the signed-in person's passkeys. */
export const MY_FACTORS = '/api/v1/users/me/factors';

export interface MyFactorsOptions {
  db: Db;
  provider: Provider;
  trustedOrigins: ReadonlySet<string>;
  events: EventRecorder;
  relyingParty: RelyingParty;
}

const isActivePasskey = (factor: Factor) => factor.factorType === WEBAUTHN_FACTOR_TYPE && factor.status === 'ACTIVE';

/** A passkey as the person's list shows it: its name, when it was added and when it last signed them in. */
const passkeyBody = (factor: Factor) => ({
  id: factor.id,
  factorType: factor.factorType,
  provider: factor.provider,
  status: factor.status,
  name: factor.name,
  created: factor.createdAt.toISOString(),
  lastUpdated: factor.updatedAt.toISOString(),
  lastUsed: factor.lastUsedAt?.toISOString() ?? null,
});

/** The challenge the browser signed, read from its client data (base64 or base64url JSON); undefined if unreadable. */
function signedChallenge(clientData: string | undefined): string | undefined {
  if (!clientData) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(clientData, 'base64').toString('utf8')) as { challenge?: unknown };
    return typeof parsed.challenge === 'string' ? parsed.challenge : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The profile form's passkey list (docs/api.md "My passkeys", issue 31 item 2): the person signed in by this browser's
 * `_session` cookie lists their active passkeys, adds another ("a phone and a security key") and removes one. Only
 * ever their own: a factor id that is not one of their passkeys (another person's, a TOTP factor, unknown) answers
 * 404 E0000007, the same for each. Removing a passkey removes that factor only: no session, token or other factor
 * ends (`user.mfa.factor.deactivate`). Adding one is the widget's enrolment without a sign-in around it: the options
 * for navigator.credentials.create (the person's passkeys excluded), then the attestation answering their challenge.
 */
export function myFactorsRoutes(
  scope: FastifyInstance,
  { db, provider, trustedOrigins, events, relyingParty }: MyFactorsOptions,
) {
  scope.options(MY_FACTORS, preflight(trustedOrigins, 'GET, POST', { credentials: true }));
  scope.options(`${MY_FACTORS}/:factorId`, preflight(trustedOrigins, 'DELETE', { credentials: true }));
  scope.options(`${MY_FACTORS}/:factorId/lifecycle/activate`, preflight(trustedOrigins, 'POST', { credentials: true }));

  scope.get(MY_FACTORS, async (request, reply) => {
    const current = await signedIn(db, provider, request, reply);
    if (!current) throw oktaErrors.notFound('session');
    return (await listFactors(db, current.user.id)).filter(isActivePasskey).map(passkeyBody);
  });

  scope.post(MY_FACTORS, async (request, reply) => {
    const current = await signedIn(db, provider, request, reply);
    if (!current) throw oktaErrors.notFound('session');
    if (
      textField(request.body, 'factorType') !== WEBAUTHN_FACTOR_TYPE ||
      textField(request.body, 'provider') !== WEBAUTHN_PROVIDER
    )
      throw oktaErrors.validation(['factorType: Only a passkey (webauthn, FIDO) is added here.']);
    const { user } = current;
    const challenge = newChallenge();
    const existing = (await listFactors(db, user.id)).filter(isActivePasskey).map(registeredCredential);
    const factor = await enrollWebauthn(db, user.id, challenge);
    const activation = await registrationOptions(
      relyingParty,
      { id: user.id, login: user.email, displayName: `${user.firstName} ${user.lastName}`.trim() || user.email },
      challenge,
      existing,
    );
    return { id: factor.id, status: factor.status, activation };
  });

  scope.post<{ Params: { factorId: string } }>(`${MY_FACTORS}/:factorId/lifecycle/activate`, async (request, reply) => {
    const current = await signedIn(db, provider, request, reply);
    if (!current) throw oktaErrors.notFound('session');
    const { user } = current;
    const factor = await findFactor(db, user.id, request.params.factorId);
    if (factor?.factorType !== WEBAUTHN_FACTOR_TYPE || factor.status !== 'PENDING_ACTIVATION')
      throw oktaErrors.notFound(`${request.params.factorId} (UserFactor)`);
    const clientData = textField(request.body, 'clientData');
    const challenge = signedChallenge(clientData);
    // The challenge is used up before the attestation is checked: a replay, or a retry after a refusal, starts again.
    const credential =
      challenge !== undefined && (await takeOwnChallenge(db, factor, challenge))
        ? await verifyRegistration(relyingParty, challenge, {
            attestation: textField(request.body, 'attestation'),
            clientData,
            transports: textField(request.body, 'transports'),
          })
        : undefined;
    const activated = credential !== undefined && (await activateWebauthn(db, factor, credential, { signsIn: false }));
    const client = clientOf(request);
    if (!activated) {
      events.record(
        logEvent('user.mfa.factor.activate', client, userActor(user), {
          result: 'FAILURE',
          reason: 'VERIFICATION_ERROR',
          targets: [factorTarget(factor)],
        }),
      );
      throw oktaErrors.passkeyRefused();
    }
    events.record(logEvent('user.mfa.factor.activate', client, userActor(user), { targets: [factorTarget(factor)] }));
    const active = await findFactor(db, user.id, factor.id);
    if (!active) throw oktaErrors.notFound(`${factor.id} (UserFactor)`);
    return passkeyBody(active);
  });

  scope.delete<{ Params: { factorId: string } }>(`${MY_FACTORS}/:factorId`, async (request, reply) => {
    const current = await signedIn(db, provider, request, reply);
    if (!current) throw oktaErrors.notFound('session');
    const { factorId } = request.params;
    const factor = await findFactor(db, current.user.id, factorId);
    if (factor?.factorType !== WEBAUTHN_FACTOR_TYPE || !(await deleteFactor(db, current.user.id, factorId)))
      throw oktaErrors.notFound(`${factorId} (UserFactor)`);
    events.record(
      logEvent('user.mfa.factor.deactivate', clientOf(request), userActor(current.user), {
        reason: 'Removed by its owner',
        targets: [factorTarget(factor)],
      }),
    );
    return reply.status(204).send();
  });
}
