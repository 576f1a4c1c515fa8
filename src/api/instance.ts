import ky from 'ky';
import * as v from 'valibot';
import type { Culture } from '@contracts/culture';
import {
  InstanceRecordSchema,
  RegisterResultSchema,
  type InstanceCreate,
  type InstanceRecord,
  type InstanceUpdate,
  type RegisterBody,
  type RegisterResult,
} from '@contracts/instance';
import { SecurityRecordSchema, type SecurityRecord } from '@contracts/profile';
import {
  FormDefinitionSchema,
  SignQuestionListSchema,
  type FormDefinition,
  type SignQuestion,
} from '@contracts/profile-form';
import { criticalityHeaders } from './criticality';
import { http, type CallOptions } from './http';

/** The profile (instance) form's calls (spec public-and-profile §7 "Instance and security", "Form definitions"). */

/** GET FormApplicationTemplateClientField/Register/{clientId} (no auth): the empty form of a client with sign-up. */
export async function getRegisterForm(clientId: string, options: CallOptions = {}): Promise<FormDefinition> {
  const path = `FormApplicationTemplateClientField/Register/${encodeURIComponent(clientId)}`;
  return v.parse(FormDefinitionSchema, await http.get(path, options).json());
}

/** GET InstanceApplicationTemplateClientField/Form/Instance/{id}: a person's form with their values and version. */
export async function getInstanceForm(id: string, options: CallOptions = {}): Promise<FormDefinition> {
  const path = `InstanceApplicationTemplateClientField/Form/Instance/${encodeURIComponent(id)}`;
  return v.parse(FormDefinitionSchema, await http.get(path, options).json());
}

/** GET Instance/{id}: someone else's profile, as the caller may see it (an administrator's, an agent's). */
export async function getInstance(id: string, options: CallOptions = {}): Promise<InstanceRecord> {
  return v.parse(InstanceRecordSchema, await http.get(`Instance/${encodeURIComponent(id)}`, options).json());
}

/** GET resource/signQuestions?clientId&culture: the security questions, sorted without case. */
export async function getSignQuestions(
  input: { clientId: string; culture: Culture },
  options: CallOptions = {},
): Promise<SignQuestion[]> {
  const searchParams = { clientId: input.clientId, culture: input.culture };
  return v.parse(SignQuestionListSchema, await http.get('resource/signQuestions', { searchParams, ...options }).json());
}

/** GET Security/{email}/{clientId}: the person's recovery question and whether they sign in elsewhere (SSO). */
export async function getSecurityRecord(
  input: { email: string; clientId: string },
  options: CallOptions = {},
): Promise<SecurityRecord> {
  const path = `Security/${encodeURIComponent(input.email)}/${encodeURIComponent(input.clientId)}`;
  return v.parse(SecurityRecordSchema, await http.get(path, options).json());
}

/**
 * GET FormApplicationTemplateClientField/{clientId}/{culture}: the empty form of a client, as an administrator
 * creating someone there sees it (Admin mode).
 */
export async function getClientForm(clientId: string, culture: Culture, options: CallOptions = {}) {
  const path = `FormApplicationTemplateClientField/${encodeURIComponent(clientId)}/${encodeURIComponent(culture)}`;
  return v.parse(FormDefinitionSchema, await http.get(path, options).json());
}

/**
 * POST Instance (critical, public-and-profile §7): an administrator's new person (the profile, the identity-provider
 * user, the activation mail).
 */
export async function createInstance(body: InstanceCreate, options: CallOptions = {}): Promise<InstanceRecord> {
  const answer = await http.post('Instance', { json: body, headers: criticalityHeaders('Critical'), ...options });
  return v.parse(InstanceRecordSchema, await answer.json());
}

/** PUT Instance/{id}: the whole form with the version it was read at (stale → 409 stale_update). */
export async function updateInstance(
  id: string,
  body: InstanceUpdate,
  options: CallOptions = {},
): Promise<InstanceRecord> {
  return v.parse(
    InstanceRecordSchema,
    await http.put(`Instance/${encodeURIComponent(id)}`, { json: body, ...options }).json(),
  );
}

/**
 * POST Instance/Register (no auth, critical): always `{ accepted: true, applicationHosts }` for an accepted sign-up
 * (the hosts of the client's application links, where the confirmation may return).
 */
export async function register(body: RegisterBody, options: CallOptions = {}): Promise<RegisterResult> {
  const answer = await http.post('Instance/Register', {
    json: body,
    headers: criticalityHeaders('Critical'),
    ...options,
  });
  return v.parse(RegisterResultSchema, await answer.json());
}

const API_PREFIX = '/api/v1/';

/**
 * A role URL's answer (spec §7 "A role lookup GET to a configured URL"): Gatehouse's own role lists through the API
 * client (with the bearer token), any other address with a plain GET that carries no token of ours — a token is
 * never handed to another host. The answer's shape is checked by the caller (machines/profile-form/role-list.ts).
 */
export async function getRoleList(url: string, options: CallOptions = {}): Promise<unknown> {
  const own = new URL(url, window.location.origin);
  if (own.origin === window.location.origin && own.pathname.startsWith(API_PREFIX)) {
    return http.get(`${own.pathname.slice(API_PREFIX.length)}${own.search}`, options).json();
  }
  return ky.get(own.href, { retry: 0, timeout: 10_000, ...options }).json();
}
