import { fromPromise, type AnyStateMachine, type InputFrom } from 'xstate';
import type { Culture } from '@contracts/culture';
import type { UserProfile } from '@contracts/profile';
import { loginMachine } from '../login/login.machine';
import { loginRouteOf } from '../login/login-route';
import { linkControlsOf } from '../profile-form/link-controls';
import { stepIndexOf } from '../profile-form/profile-steps';
import { redirectUrlOf } from '../support/link-parameters';
import type { IdentityPorts } from '../support/ports';
import type { PageLocation } from './app.types';

/** What the root hands a page's flow when the flow starts: the address, the culture, who is signed in, the ports. */
export type FlowHost = {
  location: PageLocation;
  culture: Culture;
  profile: UserProfile | undefined;
  ports: IdentityPorts;
};

/**
 * A flow's machine, loaded with its route: only the login flow is in the public entry bundle, the others (and their
 * wiring, src/app/wiring.ts) come in chunks of their own on the first visit to one of their routes (docs/spa.md
 * "Bundles"). The module loader keeps what it imported, so a later load answers at once.
 */
type FlowEntry<TLogic extends AnyStateMachine> = {
  load: () => Promise<TLogic>;
  input: (host: FlowHost) => InputFrom<TLogic>;
};

const flow = <TLogic extends AnyStateMachine>(
  load: () => Promise<TLogic>,
  input: (host: FlowHost) => InputFrom<TLogic>,
): FlowEntry<TLogic> => ({ load, input });

/**
 * The flow table: page flow key → its machine and how its input is made from the host. A route object
 * (src/app/routes.ts) names one of these keys; the root starts that flow while the route is on screen and stops it
 * when the address moves on. Adding a flow is one entry here and one `flow:` on its route.
 */
export const flowTable = {
  login: flow(
    () => Promise.resolve(loginMachine),
    ({ location, culture, ports }) => ({ ...loginRouteOf(location, culture), ports }),
  ),
  launcher: flow(
    async () => (await import('../launcher/launcher.machine')).launcherMachine,
    // `/board/index?stay` (any value): the cards even for one application (issue 29 §4).
    ({ location, profile, ports }) => ({
      profile,
      ports: { notifications: ports.notifications },
      stay: location.query.stay !== undefined,
    }),
  ),
  signUp: flow(
    async () => (await import('../sign-up/sign-up.machine')).signUpMachine,
    ({ location, culture, ports }) => ({
      clientId: location.params.clientId ?? location.query.clientId ?? '',
      email: location.params.email ?? location.query.email ?? '',
      redirectUrl: location.params.redirectUrl ?? redirectUrlOf(location.query),
      culture,
      startStep: stepIndexOf(location.query),
      link: linkControlsOf(location.query),
      invitation: location.query.st,
      ports: { notifications: ports.notifications },
    }),
  ),
  passwordReset: flow(
    async () => (await import('../password-reset/password-reset.machine')).passwordResetMachine,
    ({ location, culture, ports }) => ({
      clientId: location.params.clientId ?? location.query.clientId,
      email: location.query.email ?? '',
      redirectUrl: redirectUrlOf(location.query),
      culture,
      ports: { notifications: ports.notifications },
    }),
  ),
  faq: flow(
    async () => (await import('../faq/faq.machine')).faqMachine,
    ({ location, culture, ports }) => ({
      clientId: location.params.clientId,
      culture,
      ports: { notifications: ports.notifications },
    }),
  ),
  resetRedirect: flow(
    async () => (await import('../reset-redirect/reset-redirect.machine')).resetRedirectMachine,
    ({ location }) => ({ login: location.params.login ?? '' }),
  ),
  editProfile: flow(
    async () => (await import('../edit-profile/edit-profile.machine')).editProfileMachine,
    ({ location, culture, profile, ports }) => ({
      profile,
      // The route's own redirect first; else the one a link left for the profile page (spec §2, docs/links.md), else
      // an `aul_redirectUrl` of the address.
      redirectUrl: location.params.redirectUrl ?? location.kept.redirectUrl ?? redirectUrlOf(location.query),
      culture,
      startStep: stepIndexOf(location.query),
      link: linkControlsOf(location.query, { filterFields: location.kept.filterFields }),
      fallback: location.area === 'admin' ? '/dashboard' : '/board/index',
      applicationName: location.params.applicationName,
      ports,
    }),
  ),
};

export type FlowKey = keyof typeof flowTable;

export const flowKeys = Object.keys(flowTable) as FlowKey[];

/** Each flow's machine type by key: the root's children are typed by it (`snapshot.children.signUp`). */
export type FlowLogics = { [K in FlowKey]: Awaited<ReturnType<(typeof flowTable)[K]['load']>> };

/**
 * How the app joins a flow's machine to the outside world (its actors and actions at the edge, `machine.provide`).
 * A wiring may be async: one that lives in a chunk of its own imports it first (`deferredWiring`).
 */
export type FlowWiring = {
  [K in FlowKey]?: (machine: FlowLogics[K]) => FlowLogics[K] | Promise<FlowLogics[K]>;
};

/** A flow's machine, loaded and wired, as the root keeps it for the flow's next visit. */
export type LoadedFlow = { key: FlowKey; logic: AnyStateMachine };

/** The root's flow loader: the flow's machine from the table, wired when the wiring names the flow. */
export const flowLoaderWith = (wiring: FlowWiring) =>
  fromPromise<LoadedFlow, { key: FlowKey }>(async ({ input: { key } }) => {
    const machine: AnyStateMachine = await flowTable[key].load();
    // The table pairs each key with its machine and its wiring; TypeScript cannot follow a union key through both.
    const wire = wiring[key] as ((logic: AnyStateMachine) => AnyStateMachine | Promise<AnyStateMachine>) | undefined;
    return { key, logic: wire ? await wire(machine) : machine };
  });

/** Wiring kept in a chunk of its own: `load` imports it once, when the first of its flows is wanted. */
export function deferredWiring<K extends FlowKey>(
  keys: readonly K[],
  load: () => Promise<Required<Pick<FlowWiring, K>>>,
): Pick<FlowWiring, K> {
  let loading: Promise<Required<Pick<FlowWiring, K>>> | undefined;
  const loaded = () =>
    (loading ??= load().catch((error: unknown) => {
      // A chunk that failed (offline, a new deployment) is tried again on the flow's next visit.
      loading = undefined;
      throw error;
    }));
  return Object.fromEntries(
    keys.map((key) => [key, async (machine: never) => ((await loaded())[key] as (logic: never) => unknown)(machine)]),
  ) as Pick<FlowWiring, K>;
}
