import type { AnyStateMachine, InputFrom } from 'xstate';
import type { Culture } from '@contracts/culture';
import type { UserProfile } from '@contracts/profile';
import { editProfileMachine } from '../edit-profile/edit-profile.machine';
import { faqMachine } from '../faq/faq.machine';
import { launcherMachine } from '../launcher/launcher.machine';
import { loginMachine } from '../login/login.machine';
import { loginRouteOf } from '../login/login-route';
import { passwordResetMachine } from '../password-reset/password-reset.machine';
import { linkControlsOf } from '../profile-form/link-controls';
import { stepIndexOf } from '../profile-form/profile-steps';
import { resetRedirectMachine } from '../reset-redirect/reset-redirect.machine';
import { signUpMachine } from '../sign-up/sign-up.machine';
import type { IdentityPorts } from '../support/ports';
import type { PageLocation } from './app.types';

/** What the root hands a page's flow when the flow starts: the address, the culture, who is signed in, the ports. */
export type FlowHost = {
  location: PageLocation;
  culture: Culture;
  profile: UserProfile | undefined;
  ports: IdentityPorts;
};

type FlowEntry<TLogic extends AnyStateMachine> = { logic: TLogic; input: (host: FlowHost) => InputFrom<TLogic> };

const flow = <TLogic extends AnyStateMachine>(
  logic: TLogic,
  input: (host: FlowHost) => InputFrom<TLogic>,
): FlowEntry<TLogic> => ({ logic, input });

/**
 * The flow table: page flow key → its machine and how its input is made from the host. A route object
 * (src/app/routes.ts) names one of these keys; the root starts that flow while the route is on screen and stops it
 * when the address moves on. Adding a flow is one entry here and one `flow:` on its route.
 */
export const flowTable = {
  login: flow(loginMachine, ({ location, culture, ports }) => ({ ...loginRouteOf(location, culture), ports })),
  launcher: flow(launcherMachine, ({ profile, ports }) => ({ profile, ports: { notifications: ports.notifications } })),
  signUp: flow(signUpMachine, ({ location, culture, ports }) => ({
    clientId: location.params.clientId ?? location.query.clientId ?? '',
    email: location.params.email ?? location.query.email ?? '',
    redirectUrl: location.params.redirectUrl ?? location.query.redirectUrl,
    culture,
    startStep: stepIndexOf(location.query),
    link: linkControlsOf(location.query),
    invitation: location.query.st,
    ports: { notifications: ports.notifications },
  })),
  passwordReset: flow(passwordResetMachine, ({ location, culture, ports }) => ({
    clientId: location.params.clientId ?? location.query.clientId,
    email: location.query.email ?? '',
    redirectUrl: location.query.redirectUrl,
    culture,
    ports: { notifications: ports.notifications },
  })),
  faq: flow(faqMachine, ({ location, culture, ports }) => ({
    clientId: location.params.clientId,
    culture,
    ports: { notifications: ports.notifications },
  })),
  resetRedirect: flow(resetRedirectMachine, ({ location }) => ({ login: location.params.login ?? '' })),
  editProfile: flow(editProfileMachine, ({ location, culture, profile, ports }) => ({
    profile,
    // The route's own redirect first; else the one a link left for the profile page (spec §2, docs/links.md).
    redirectUrl: location.params.redirectUrl ?? location.kept.redirectUrl,
    culture,
    startStep: stepIndexOf(location.query),
    link: linkControlsOf(location.query, { filterFields: location.kept.filterFields }),
    fallback: location.area === 'admin' ? '/dashboard' : '/board/index',
    ports,
  })),
};

export type FlowKey = keyof typeof flowTable;

export const flowKeys = Object.keys(flowTable) as FlowKey[];

/** The table's machines by key, for the root's `setup({ actors })`. */
export const flowActors = Object.fromEntries(flowKeys.map((key) => [key, flowTable[key].logic])) as {
  [K in FlowKey]: (typeof flowTable)[K]['logic'];
};
