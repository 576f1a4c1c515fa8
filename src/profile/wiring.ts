import { fromPromise } from 'xstate';
import { returnAddressOf } from '@machines/edit-profile/return-address';
import { LOOKUP_META_TAG } from '@machines/profile-form/address-parts';
import { profileFormMachine } from '@machines/profile-form/profile-form.machine';
import { securityDevicesMachine } from '@machines/security-devices/security-devices.machine';
import { hasSecurityStep } from '@machines/profile-form/profile-steps';
import {
  ANSWER_INPUT,
  EMAIL_INPUT,
  type ProfileFormInput,
  type ProfileLoaded,
  type ProfileResult,
  type ProfileSaveInput,
} from '@machines/profile-form/profile-form.types';
import { fallbackRoles, parseRoleList, roleListUrl } from '@machines/profile-form/role-list';
import type { FlowLogics, FlowWiring } from '@machines/app/app.flows';
import { todayVersion } from '@machines/resources/version';
import type { FormDefinition, RoleOption } from '@contracts/profile-form';
import type { UserProfile } from '@contracts/profile';
import { allowsCodeReset, signUpCaptchaOn, signUpEmailEditable } from '@contracts/resources';
import type { getPublicConfig, getSiteConfiguration } from '../api/identity';
import type { decryptInvitation } from '../api/invitations';
import type { getCurrentTerms } from '../api/terms';
import type * as instanceCalls from '../api/instance';
import type * as resetCalls from '../api/password-reset';
import type { getAggregatedByPage } from '../api/resources';
import type { IdentityPort } from '../auth/identity-port';
import { createPasskey } from '../auth/webauthn-create';
import { pushPageView } from '../app/analytics';
import { identified, signalOf } from '../app/identified-call';
import { storage } from '../app/storage';
import { storageKeys } from '../app/storage-keys';
import { readStoredResourceVersion } from '../app/stored-values';

/**
 * The calls the profile flows make (src/api/instance.ts, config/public and the page's resources). They travel in the
 * shell's API (src/app/wiring.ts `ShellApi`) like every other call, so tests answer them at the same seam.
 */
export type ProfileApi = Pick<
  typeof instanceCalls,
  | 'getRegisterForm'
  | 'getInstanceForm'
  | 'getClientForm'
  | 'getSignQuestions'
  | 'getSecurityRecord'
  | 'getRoleList'
  | 'register'
  | 'updateInstance'
  | 'createInstance'
> &
  Pick<typeof resetCalls, 'createOtp' | 'validateOtp' | 'resetPassword'> & {
    getPublicConfig: typeof getPublicConfig;
    getAggregatedByPage: typeof getAggregatedByPage;
    getSiteConfiguration: typeof getSiteConfiguration;
    decryptInvitation: typeof decryptInvitation;
    getCurrentTerms: typeof getCurrentTerms;
  };

/** The calls the profile form itself makes (the user dialog hosts it with these alone). */
export type ProfileFormApi = Omit<
  ProfileApi,
  'createOtp' | 'validateOtp' | 'resetPassword' | 'getSiteConfiguration' | 'decryptInvitation' | 'getCurrentTerms'
>;

/** What sign-up clears on entry (spec §2 "clears stored login, token and menu data"). */
const signUpClearsKeys = [storageKeys.tokens, storageKeys.profile, storageKeys.menu, storageKeys.loginAttempts];

/**
 * The role lists of the Agent and Admin modes (and of the user import): each application's role URL, else (or on
 * failure) its fallback.
 */
export async function loadRoleOptions(
  api: Pick<ProfileApi, 'getRoleList'>,
  form: FormDefinition,
  signal: AbortSignal,
): Promise<Record<string, readonly RoleOption[]>> {
  const entries = await Promise.all(
    form.applications.map(async (app): Promise<[string, readonly RoleOption[]]> => {
      if (app.rolesApiUrl === null) return [app.applicationId, fallbackRoles(app)];
      const url = roleListUrl(app.rolesApiUrl, {
        userName: form.email,
        clientId: form.clientId,
        appRole: app.roleValue ?? app.defaultRoleValue,
      });
      // Spec §6: "If the fetch fails, the form falls back to the assigned role value or the default role value".
      const answer = await api.getRoleList(url, signalOf(signal)).catch(() => undefined);
      return [app.applicationId, parseRoleList(answer) ?? fallbackRoles(app)];
    }),
  );
  return Object.fromEntries(entries);
}

/**
 * The address lookup, asked for only when the form has a street-line field to attach it to. It is a convenience: when
 * config/public cannot be read the address fields stay plain inputs rather than the form failing to open.
 */
async function readAddressLookup(api: ProfileFormApi, form: FormDefinition, signal: AbortSignal) {
  if (!form.fields.some((field) => field.metaTag === LOOKUP_META_TAG)) return null;
  const config = await api.getPublicConfig(signalOf(signal)).catch(() => undefined);
  return config?.addressLookup ?? null;
}

/** The form's definition: a client's Register form, a client's empty form (a new person), or a person's. */
function formOf(api: ProfileFormApi, input: ProfileFormInput, options: ReturnType<typeof signalOf>) {
  switch (input.subject.kind) {
    case 'signUp':
      return api.getRegisterForm(input.subject.clientId, options);
    case 'newPerson':
      return api.getClientForm(input.subject.clientId, input.culture, options);
    case 'person':
      return api.getInstanceForm(input.subject.id, options);
  }
}

/** Everything the form's rules need, read in one go (docs/flows/profile-form.md "Loading"). */
async function loadForm(api: ProfileFormApi, input: ProfileFormInput, signal: AbortSignal): Promise<ProfileLoaded> {
  const options = signalOf(signal);
  const form = await formOf(api, input, options);
  const security = hasSecurityStep(input.mode, form);
  const [resources, questions, record, roleOptions, addressLookup] = await Promise.all([
    api.getAggregatedByPage(
      {
        components: ['Instance', 'Security'],
        culture: input.culture,
        clientId: form.clientId,
        version: readStoredResourceVersion() ?? todayVersion(new Date()),
      },
      options,
    ),
    security ? api.getSignQuestions({ clientId: form.clientId, culture: input.culture }, options) : [],
    security && input.mode === 'Edit'
      ? api.getSecurityRecord({ email: form.email, clientId: form.clientId }, options)
      : undefined,
    input.mode === 'Agent' || input.mode === 'Admin' ? loadRoleOptions(api, form, signal) : {},
    readAddressLookup(api, form, signal),
  ]);
  const email = resources.inputs[EMAIL_INPUT];
  const answer = resources.inputs[ANSWER_INPUT];
  return {
    form,
    inputs: { ...(email && { [EMAIL_INPUT]: email }), ...(answer && { [ANSWER_INPUT]: answer }) },
    // Spec §5: the site flag is compared with the text "true".
    emailEditable: signUpEmailEditable(resources.settings),
    questions,
    currentQuestion: record?.recoveryQuestion ?? null,
    roleOptions,
    addressLookup,
  };
}

async function saveForm(api: ProfileFormApi, save: ProfileSaveInput, signal: AbortSignal): Promise<ProfileResult> {
  if (save.kind === 'register') {
    const { applicationHosts } = await api.register(save.body, signalOf(signal));
    return { kind: 'registered', applicationHosts };
  }
  if (save.kind === 'create') return { kind: 'created', record: await api.createInstance(save.body, signalOf(signal)) };
  return { kind: 'updated', record: await api.updateInstance(save.id, save.body, signalOf(signal)) };
}

/** The profile form with its calls; every failure leaves with its error id (spec §8). */
export const wireProfileForm = (api: ProfileFormApi) =>
  profileFormMachine.provide({
    actors: {
      load: fromPromise(({ input: { input }, signal }) => identified(() => loadForm(api, input, signal))),
      save: fromPromise(({ input, signal }) => identified(() => saveForm(api, input, signal))),
    },
  });

/**
 * The profile flows joined to the outside world: sign-up (its captcha configuration, the stored keys it clears, its
 * analytics) and Edit Profile (the refreshed login, the way back).
 */
export function wireProfile({
  api,
  identity,
  target,
  go,
}: {
  api: ProfileApi;
  identity: Pick<IdentityPort, 'renewTokens' | 'validateProfile' | 'mySecurity'>;
  target: Window;
  /** In-app navigation, or a full load of an application's page (src/app/wire-identity.ts). */
  go: (url: string) => void;
}) {
  const profileForm = wireProfileForm(api);
  const signUp = (machine: FlowLogics['signUp']) =>
    machine.provide({
      actors: {
        profileForm,
        prepare: fromPromise(({ input, signal }) =>
          identified(async () => {
            // The same resources the form reads next (so the second read is the browser's cached answer).
            const [{ captcha }, resources, terms] = await Promise.all([
              api.getPublicConfig(signalOf(signal)),
              api.getAggregatedByPage(
                {
                  components: ['Instance', 'Security'],
                  culture: input.culture,
                  clientId: input.clientId,
                  version: readStoredResourceVersion() ?? todayVersion(new Date()),
                },
                signalOf(signal),
              ),
              api.getCurrentTerms({ clientId: input.clientId, culture: input.culture }, signalOf(signal)),
            ]);
            if (!resources.allowsSignUp) return { captcha, offered: false };
            // A client whose RecaptchaFeatureEnabled is not "true" signs up without a captcha (§5 "Text flags"); the
            // server runs the same rule, so it asks for none either.
            if (!signUpCaptchaOn(resources.settings)) return { captcha: undefined, offered: true, terms };
            if (captcha === undefined) throw new Error('The server names no captcha for sign-up.');
            return { captcha, offered: true, terms };
          }),
        ),
        readInvitation: fromPromise(({ input, signal }) =>
          identified(async () => {
            // An invited sign-up accepts the client's terms too: they are read with the invitation.
            const [answer, terms] = await Promise.all([
              api.decryptInvitation({ token: input.token, clientId: input.clientId }, signalOf(signal)),
              api.getCurrentTerms({ clientId: input.clientId, culture: input.culture }, signalOf(signal)),
            ]);
            return { ...answer, terms };
          }),
        ),
      },
      actions: {
        clearStoredLogin: () => {
          for (const key of signUpClearsKeys) storage.remove(key);
        },
        trackPage: (_, view) => {
          pushPageView(target, view);
        },
      },
    });

  const editProfile = (machine: FlowLogics['editProfile']) =>
    machine.provide({
      actors: {
        profileForm,
        securityDevices: securityDevicesMachine.provide({
          actors: {
            load: fromPromise(async () => {
              const [sessions, passkeys] = await Promise.all([
                identity.mySecurity.listMySessions(),
                identity.mySecurity.listMyPasskeys(),
              ]);
              return { sessions, passkeys };
            }),
            endSession: fromPromise(async ({ input }) => {
              await identity.mySecurity.endMySession(input.id);
              return undefined;
            }),
            endOtherSessions: fromPromise(async () => {
              await identity.mySecurity.endMyOtherSessions();
              return undefined;
            }),
            removePasskey: fromPromise(async ({ input }) => {
              await identity.mySecurity.removeMyPasskey(input.id);
              return undefined;
            }),
            startPasskey: fromPromise(() => identity.mySecurity.startMyPasskey()),
            createPasskey: fromPromise(({ input }) => createPasskey(input)),
            activatePasskey: fromPromise(({ input }) =>
              identity.mySecurity.activateMyPasskey(input.id, input.attestation),
            ),
          },
        }),
        refreshLogin: fromPromise(({ input, signal }) =>
          identified(async (): Promise<UserProfile> => {
            await identity.renewTokens();
            const result = await identity.validateProfile(
              { clientId: input.clientId, applicationName: input.applicationName, culture: input.culture },
              signalOf(signal),
            );
            if (result.userProfile === null) throw new Error('The refreshed login has no profile.');
            return result.userProfile;
          }),
        ),
      },
      actions: {
        trackPage: (_, view) => {
          pushPageView(target, view);
        },
        leave: (_, returnTo) => {
          go(returnAddressOf(returnTo, target.location.origin));
        },
        persistProfile: (_, { profile }) => {
          storage.write(storageKeys.profile, JSON.stringify(profile));
        },
      },
    });

  const passwordReset = (machine: FlowLogics['passwordReset']) =>
    machine.provide({
      actors: {
        prepare: fromPromise(({ input, signal }) =>
          identified(async () => {
            const [{ captcha }, resources] = await Promise.all([
              api.getPublicConfig(signalOf(signal)),
              api.getAggregatedByPage(
                {
                  components: ['ResetPassword'],
                  culture: input.culture,
                  clientId: input.clientId,
                  version: readStoredResourceVersion() ?? todayVersion(new Date()),
                },
                signalOf(signal),
              ),
            ]);
            if (captcha === undefined) throw new Error('The server names no captcha for the password reset.');
            // Spec §2: only the text 'false' turns the reset off.
            return { captcha, allowed: allowsCodeReset(resources.settings) };
          }),
        ),
        requestCode: fromPromise(({ input, signal }) =>
          identified(async () => {
            await api.createOtp(withClient(input), signalOf(signal));
            return undefined;
          }),
        ),
        validateCode: fromPromise(({ input, signal }) =>
          identified(() => api.validateOtp(withClient(input), signalOf(signal))),
        ),
        setPassword: fromPromise(({ input, signal }) =>
          identified(async () => {
            await api.resetPassword(withClient(input), signalOf(signal));
            return undefined;
          }),
        ),
      },
    });

  const resetRedirect = (machine: FlowLogics['resetRedirect']) =>
    machine.provide({
      actors: {
        lookUp: fromPromise(({ input, signal }) =>
          identified(() => api.getSiteConfiguration({ login: input.login }, signalOf(signal))),
        ),
      },
      actions: {
        storeSiteProfile: (_, { profile }) => {
          storage.write(storageKeys.siteConfiguration, JSON.stringify(profile));
        },
        leaveFor: (_, { path }) => {
          go(path);
        },
      },
    });

  return { signUp, editProfile, passwordReset, resetRedirect } satisfies FlowWiring;
}

/** A body without `clientId` when the page has none (the server then finds the client by the e-mail). */
function withClient<T extends { clientId: string | undefined }>({ clientId, ...rest }: T) {
  return clientId === undefined || clientId === '' ? rest : { ...rest, clientId };
}
