import { ACCESS_REQUEST_OPEN_LIMIT } from '@contracts/access-requests';
import type { InvitationEmailAnswer } from '@contracts/invitations';
import { vi } from 'vitest';
import type { AggregatedResources } from '@contracts/resources';
import type { NewError } from '@contracts/error-log';
import type { InstanceRecord, InstanceUpdate, RegisterBody, RegisterResult } from '@contracts/instance';
import type { FormDefinition, SignQuestion } from '@contracts/profile-form';
import type { PublicConfig } from '@contracts/public-config';
import type { ShellApi } from '@src/app/wiring';
import type { ProfileApi } from '@src/profile/wiring';
import { createControlledCall } from './controlled-actor';
import { aggregated } from './fixtures';
import { signQuestions } from './profile-fixtures';

type AggregatedInput = Parameters<ShellApi['getAggregatedByPage']>[0];

/** The one-time token `answeringApi` gives the launcher for a `{otpToken}` link. */
export const ONE_TIME_TOKEN = 'one-time-token-1';

const unanswered = (name: string) => () => Promise.reject(new Error(`${name} is not answered in this test`));
const unansweredProfileCalls: Omit<ProfileApi, 'getAggregatedByPage'> = {
  getPublicConfig: unanswered('getPublicConfig'),
  getRegisterForm: unanswered('getRegisterForm'),
  getInstanceForm: unanswered('getInstanceForm'),
  getClientForm: unanswered('getClientForm'),
  createInstance: unanswered('createInstance'),
  getSignQuestions: unanswered('getSignQuestions'),
  getSecurityRecord: unanswered('getSecurityRecord'),
  getRoleList: unanswered('getRoleList'),
  register: unanswered('register'),
  updateInstance: unanswered('updateInstance'),
  createOtp: unanswered('createOtp'),
  validateOtp: unanswered('validateOtp'),
  resetPassword: unanswered('resetPassword'),
  getSiteConfiguration: unanswered('getSiteConfiguration'),
  decryptInvitation: unanswered('decryptInvitation'),
  // A client without published terms unless a test says otherwise.
  getCurrentTerms: () => Promise.resolve(undefined),
};

/**
 * An API that answers at once: version 20260101, and for each resource load the answer `answer(input)` gives
 * (by default an empty page in the requested culture). Posted errors are recorded.
 */
export function answeringApi(answer: (input: AggregatedInput) => Partial<AggregatedResources> = () => ({})) {
  const postedErrors: NewError[] = [];
  const unauthorisedListeners = new Set<() => void>();
  const connectionListeners = new Set<(state: 'lost' | 'back') => void>();
  const api: ShellApi = {
    getResourceVersion: () => Promise.resolve(20260101),
    getAggregatedByPage: (input) => Promise.resolve(aggregated({ culture: input.culture, ...answer(input) })),
    postNewError: (entry) => {
      postedErrors.push(entry);
      return Promise.resolve();
    },
    getFaq: () => Promise.reject(new Error('getFaq is not answered in this test')),
    // The launcher's one-time token: a fixed one, so a walk sees it filled into the link.
    generateOtpToken: () => Promise.resolve({ otpToken: ONE_TIME_TOKEN, expiresAt: '2026-01-01T00:02:00.000Z' }),
    // The new-terms stop after sign-in: nothing to accept unless a test says otherwise.
    getPendingTerms: () => Promise.resolve({ pending: null }),
    acceptTerms: () => Promise.resolve(),
    // The board's access-request offers: nothing to ask for unless a test says otherwise (tests/model/launcher).
    getMyAccessRequests: () => Promise.resolve({ applications: [], openCount: 0, limit: ACCESS_REQUEST_OPEN_LIMIT }),
    requestAccess: () => Promise.reject(new Error('requestAccess is not answered in this test')),
    getLastRequestId: () => 'req-last',
    setRequestCulture: vi.fn(),
    watchUnauthorised: (listener) => {
      unauthorisedListeners.add(listener);
      return () => {
        unauthorisedListeners.delete(listener);
      };
    },
    watchConnection: (listener) => {
      connectionListeners.add(listener);
      return () => {
        connectionListeners.delete(listener);
      };
    },
    // Edit Mode's calls: a test that opens a text's dialog gives its own (tests/model/dashboard.harness.tsx).
    readText: () => Promise.reject(new Error('readText is not answered in this test')),
    saveText: () => Promise.reject(new Error('saveText is not answered in this test')),
    // The profile flows' calls: a test that opens sign-up or Edit Profile gives its own (profileCalls below).
    ...unansweredProfileCalls,
  };
  /** Plays an API call answering 401, as src/api/http.ts reports one. */
  const answerUnauthorised = () => {
    for (const listener of unauthorisedListeners) listener();
  };
  /** Plays the HTTP port learning that calls get no answer (`lost`) or answers again (`back`) (issue 29 §3). */
  const tellConnection = (state: 'lost' | 'back') => {
    for (const listener of connectionListeners) listener(state);
  };
  return { api, postedErrors, answerUnauthorised, tellConnection };
}

/** An API whose resource calls wait until the test answers them (the model walk settles them at the exact step). */
export function controlledApi() {
  const version = createControlledCall<number, { clientId: string | undefined }>();
  const page = createControlledCall<AggregatedResources, AggregatedInput>();
  const { api: answering, postedErrors, answerUnauthorised, tellConnection } = answeringApi();
  const api: ShellApi = { ...answering, getResourceVersion: version.call, getAggregatedByPage: page.call };
  return { api, version, page, postedErrors, answerUnauthorised, tellConnection };
}

/**
 * The profile flows' calls (src/profile/wiring.ts) for a shell test: config/public, the form's definition and its
 * save wait until the test answers them (the walks settle them at the exact step); the rest of the form's read answers
 * at once (the questions, the person's recovery question). The page's resources come from `answeringApi`.
 */
export function profileCalls({
  questions = signQuestions,
  recoveryQuestion = null,
}: { questions?: SignQuestion[]; recoveryQuestion?: string | null } = {}) {
  const publicConfig = createControlledCall<PublicConfig, undefined>();
  const registerForm = createControlledCall<FormDefinition, string>();
  const instanceForm = createControlledCall<FormDefinition, string>();
  const register = createControlledCall<RegisterResult, RegisterBody>();
  const update = createControlledCall<InstanceRecord, { id: string; body: InstanceUpdate }>();
  const invitation = createControlledCall<InvitationEmailAnswer, { token: string; clientId: string }>();
  const api: Omit<ProfileApi, 'getAggregatedByPage'> = {
    getPublicConfig: () => publicConfig.call(undefined),
    getRegisterForm: (clientId) => registerForm.call(clientId),
    getInstanceForm: (id) => instanceForm.call(id),
    getClientForm: unanswered('getClientForm'),
    createInstance: unanswered('createInstance'),
    getSignQuestions: () => Promise.resolve(questions),
    getSecurityRecord: () => Promise.resolve({ recoveryQuestion, ssoUser: false }),
    getRoleList: unanswered('getRoleList'),
    register: (body) => register.call(body),
    updateInstance: (id, body) => update.call({ id, body }),
    createOtp: unanswered('createOtp'),
    validateOtp: unanswered('validateOtp'),
    resetPassword: unanswered('resetPassword'),
    getSiteConfiguration: unanswered('getSiteConfiguration'),
    decryptInvitation: (input) => invitation.call(input),
    getCurrentTerms: () => Promise.resolve(undefined),
  };
  return { api, publicConfig, registerForm, instanceForm, register, update, invitation };
}
