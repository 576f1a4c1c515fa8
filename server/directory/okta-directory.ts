import * as v from 'valibot';
import { ACTING_USER_HEADER, LogEventSchema } from '@contracts/system-log';
import { directoryErrorOf, DirectoryRefusal, DirectoryUnavailableError } from './errors';
import { oktaEventHookCalls } from './okta-event-hooks';
import { readLogEventPages } from './okta-log-events';
import type { DirectoryGroup, DirectoryPort, DirectoryUser } from './port';

/** The part of `fetch` the adapter uses; the embedded IdP may hand in an in-process one (`inject-fetch.ts`). */
export type Fetch = (url: string, init: RequestInit) => Promise<Response>;

export interface OktaDirectoryOptions {
  /** `{issuer origin}/api/v1`: the embedded IdP's or the Okta org's. */
  baseUrl: string;
  /** Sent as `Authorization: SSWS <apiToken>`; never logged. */
  apiToken: string;
  fetch?: Fetch;
  /** Per request. Default 10 s: a hanging IdP must not hold a portal request forever. */
  timeoutMs?: number;
  /** The person the calls are made for (`actingFor`), sent as the acting-user header; none, the token acts. */
  actingLogin?: string;
}

const OktaUserSchema = v.object({
  id: v.string(),
  status: v.string(),
  profile: v.object({
    login: v.string(),
    email: v.string(),
    firstName: v.nullish(v.string()),
    lastName: v.nullish(v.string()),
    locale: v.nullish(v.string()),
  }),
  credentials: v.optional(v.object({ recovery_question: v.optional(v.object({ question: v.string() })) })),
});

const OktaGroupSchema = v.object({
  id: v.string(),
  profile: v.object({ name: v.string(), description: v.nullish(v.string()) }),
});

// Only these fields are read: a factor's secrets (a pending TOTP's shared secret) never pass the adapter.
const OktaFactorSchema = v.object({
  id: v.string(),
  factorType: v.string(),
  provider: v.string(),
  status: v.string(),
  created: v.nullish(v.string()),
});

const ActivationSchema = v.object({ activationUrl: v.optional(v.string()) });
const ResetSchema = v.object({ resetPasswordUrl: v.optional(v.string()) });

function toUser({ id, status, profile, credentials }: v.InferOutput<typeof OktaUserSchema>): DirectoryUser {
  return {
    id,
    status,
    login: profile.login,
    email: profile.email,
    firstName: profile.firstName ?? '',
    lastName: profile.lastName ?? '',
    locale: profile.locale ?? null,
    recoveryQuestion: credentials?.recovery_question?.question ?? null,
  };
}

function toGroup({ id, profile }: v.InferOutput<typeof OktaGroupSchema>): DirectoryGroup {
  return { id, name: profile.name, description: profile.description ?? '' };
}

const segment = encodeURIComponent;

/**
 * The directory port over Okta's management API (okta-compat §6). One code path for the embedded IdP and a real
 * org: only `baseUrl`, `apiToken` and the transport differ.
 */
export function createOktaDirectory(options: OktaDirectoryOptions): DirectoryPort {
  const { baseUrl, apiToken, fetch = globalThis.fetch, timeoutMs = 10_000, actingLogin } = options;
  const base = baseUrl.replace(/\/+$/, '');

  /** One call; answers the parsed JSON (undefined for 204) and the headers, or throws the mapped refusal. */
  async function send(
    operation: string,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ json: unknown; headers: Headers }> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `SSWS ${apiToken}`,
          accept: 'application/json',
          ...(actingLogin === undefined ? {} : { [ACTING_USER_HEADER]: actingLogin }),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new DirectoryUnavailableError(`${operation}: the identity provider did not answer`, { cause: error });
    }
    const text = await response.text();
    let json: unknown;
    try {
      json = text === '' ? undefined : (JSON.parse(text) as unknown);
    } catch {
      throw new DirectoryUnavailableError(`${operation}: HTTP ${response.status} with a body that is not JSON`);
    }
    if (!response.ok) throw directoryErrorOf(response.status, json, operation);
    return { json, headers: response.headers };
  }

  const call = async (operation: string, method: string, path: string, body?: unknown) =>
    (await send(operation, method, path, body)).json;

  function parse<S extends v.GenericSchema>(schema: S, value: unknown, operation: string): v.InferOutput<S> {
    const result = v.safeParse(schema, value);
    if (!result.success) throw new DirectoryUnavailableError(`${operation}: an answer of an unexpected shape`);
    return result.output;
  }

  const user = async (operation: string, method: string, path: string, body?: unknown) =>
    toUser(parse(OktaUserSchema, await call(operation, method, path, body), operation));
  const lifecycle = (userId: string, action: string, query = '') =>
    call(`lifecycle ${action}`, 'POST', `/users/${segment(userId)}/lifecycle/${action}${query}`);

  return {
    actingFor: (login) => createOktaDirectory({ ...options, actingLogin: login }),

    createUser: ({ login, email, firstName, lastName, locale, password, recoveryQuestion, groupIds, activate }) =>
      user('create user', 'POST', `/users?activate=${String(activate ?? true)}`, {
        profile: { login, email, firstName, lastName, ...(locale === undefined ? {} : { locale }) },
        credentials: {
          ...(password === undefined ? {} : { password: { value: password } }),
          ...(recoveryQuestion === undefined ? {} : { recovery_question: recoveryQuestion }),
        },
        ...(groupIds === undefined ? {} : { groupIds }),
      }),

    getUser: async (idOrLogin) => {
      try {
        return await user('get user', 'GET', `/users/${segment(idOrLogin)}`);
      } catch (error) {
        if (error instanceof DirectoryRefusal && error.oktaErrorCode === 'E0000007') return null;
        throw error;
      }
    },

    // POST is Okta's partial update: attributes not named keep their values.
    updateProfile: (userId, profile) => user('update profile', 'POST', `/users/${segment(userId)}`, { profile }),

    setPassword: async (userId, password) => {
      await call('set password', 'POST', `/users/${segment(userId)}`, {
        credentials: { password: { value: password } },
      });
    },

    changePassword: async (userId, { oldPassword, newPassword }) => {
      await call('change password', 'POST', `/users/${segment(userId)}/credentials/change_password`, {
        oldPassword: { value: oldPassword },
        newPassword: { value: newPassword },
      });
    },

    changeRecoveryQuestion: async (userId, { password, question, answer }) => {
      await call('change recovery question', 'POST', `/users/${segment(userId)}/credentials/change_recovery_question`, {
        password: { value: password },
        recovery_question: { question, answer },
      });
    },

    setRecoveryQuestion: async (userId, { question, answer }) => {
      await call('set recovery question', 'POST', `/users/${segment(userId)}`, {
        credentials: { recovery_question: { question, answer } },
      });
    },

    activate: async (userId, { sendEmail }) => {
      const answer = parse(
        ActivationSchema,
        await lifecycle(userId, 'activate', `?sendEmail=${sendEmail}`),
        'activate',
      );
      return { activationUrl: answer.activationUrl ?? null };
    },
    reactivate: async (userId, { sendEmail }) => {
      const answer = parse(
        ActivationSchema,
        await lifecycle(userId, 'reactivate', `?sendEmail=${sendEmail}`),
        'reactivate',
      );
      return { activationUrl: answer.activationUrl ?? null };
    },
    deactivate: async (userId) => {
      await lifecycle(userId, 'deactivate');
    },
    deleteUser: async (userId) => {
      // The first DELETE deactivates, the second deletes; a user already deactivated is deleted by the first.
      const user = await call('get user', 'GET', `/users/${segment(userId)}`);
      const status = parse(OktaUserSchema, user, 'delete user').status;
      if (status !== 'DEPROVISIONED') await call('deactivate user', 'DELETE', `/users/${segment(userId)}`);
      await call('delete user', 'DELETE', `/users/${segment(userId)}`);
    },
    verifyPassword: async (login, password) => {
      try {
        await call('verify password', 'POST', '/authn', { username: login, password });
        return true;
      } catch (error) {
        // E0000004: authentication failed (wrong password, unknown login, a user who may not sign in) — all alike.
        if (error instanceof DirectoryRefusal && error.oktaErrorCode === 'E0000004') return false;
        throw error;
      }
    },
    listFactors: async (userId) =>
      parse(
        v.array(OktaFactorSchema),
        await call('list factors', 'GET', `/users/${segment(userId)}/factors`),
        'list factors',
      ).map((factor) => ({ ...factor, created: factor.created ?? null })),
    unlock: async (userId) => {
      await lifecycle(userId, 'unlock');
    },
    clearSessions: async (userId) => {
      await call('clear sessions', 'DELETE', `/users/${segment(userId)}/sessions?oauthTokens=true`);
    },
    resetFactors: async (userId) => {
      await lifecycle(userId, 'reset_factors');
    },
    resetPassword: async (userId, { sendEmail }) => {
      const answer = parse(
        ResetSchema,
        await lifecycle(userId, 'reset_password', `?sendEmail=${sendEmail}`),
        'reset password',
      );
      return { resetPasswordUrl: answer.resetPasswordUrl ?? null };
    },

    addToGroup: async (groupId, userId) => {
      await call('add to group', 'PUT', `/groups/${segment(groupId)}/users/${segment(userId)}`);
    },
    removeFromGroup: async (groupId, userId) => {
      await call('remove from group', 'DELETE', `/groups/${segment(groupId)}/users/${segment(userId)}`);
    },
    listUserGroups: async (userId) => {
      const groups = parse(
        v.array(OktaGroupSchema),
        await call('list groups', 'GET', `/users/${segment(userId)}/groups`),
        'list groups',
      );
      return groups.map(toGroup);
    },

    listLogEvents: (query) =>
      readLogEventPages(query, async (search) => {
        const { json, headers } = await send('list log events', 'GET', `/logs?${search.toString()}`);
        return { events: parse(v.array(LogEventSchema), json, 'list log events'), link: headers.get('link') };
      }),

    ...oktaEventHookCalls(call, parse),
  };
}
