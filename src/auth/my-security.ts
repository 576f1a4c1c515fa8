import * as v from 'valibot';
import {
  MyPasskeySchema,
  MyPasskeysSchema,
  MySessionsSchema,
  PendingPasskeySchema,
  type MyPasskey,
  type MySession,
  type PasskeyAttestation,
  type PendingPasskey,
} from '@contracts/my-security';
import { ApiError } from '@contracts/failures';
import { fetchOrNetworkError } from '../api/http';

/**
 * The signed-in person's own sessions and passkeys on the identity provider (docs/api.md "My sessions", "My
 * passkeys"), authenticated by its session cookie: the calls go to the issuer's origin with the browser's credentials.
 */
export function mySecurityCalls(issuerOrigin: () => Promise<string>) {
  const call = async (path: string, method: 'GET' | 'POST' | 'DELETE' = 'GET', body?: unknown): Promise<Response> => {
    const response = await fetchOrNetworkError(`${await issuerOrigin()}/api/v1/users/me${path}`, {
      method,
      credentials: 'include',
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) {
      const body = (await response.json().catch(() => ({}))) as { errorCode?: string; errorSummary?: string };
      throw new ApiError({
        status: response.status,
        code: body.errorCode ?? String(response.status),
        message: body.errorSummary ?? response.statusText,
        requestId: response.headers.get('x-okta-request-id') ?? '',
      });
    }
    return response;
  };
  return {
    listMySessions: async (): Promise<MySession[]> => v.parse(MySessionsSchema, await (await call('/sessions')).json()),
    endMySession: async (id: string): Promise<void> => {
      await call(`/sessions/${encodeURIComponent(id)}`, 'DELETE');
    },
    endMyOtherSessions: async (): Promise<void> => {
      await call('/sessions', 'DELETE');
    },
    listMyPasskeys: async (): Promise<MyPasskey[]> => v.parse(MyPasskeysSchema, await (await call('/factors')).json()),
    /** Starts another passkey: the options for navigator.credentials.create, the person's passkeys excluded. */
    startMyPasskey: async (): Promise<PendingPasskey> =>
      v.parse(
        PendingPasskeySchema,
        await (await call('/factors', 'POST', { factorType: 'webauthn', provider: 'FIDO' })).json(),
      ),
    /** Sends the browser's attestation for the passkey started; the answer is the passkey as listed. */
    activateMyPasskey: async (id: string, attestation: PasskeyAttestation): Promise<MyPasskey> =>
      v.parse(
        MyPasskeySchema,
        await (await call(`/factors/${encodeURIComponent(id)}/lifecycle/activate`, 'POST', attestation)).json(),
      ),
    removeMyPasskey: async (id: string): Promise<void> => {
      await call(`/factors/${encodeURIComponent(id)}`, 'DELETE');
    },
  };
}

export type MySecurityCalls = ReturnType<typeof mySecurityCalls>;
