import type { ContextFrom } from 'xstate';
import { initialLoginContext, type loginMachine } from '@machines/login/login.machine';
import type { GuardInput } from '@machines/guard/guard.machine';
import type { EditModeInput, TextsChangedEvent } from '@machines/edit-mode/edit-mode.machine';
import type { LoginInput } from '@machines/login/login.types';
import { initialSessionContext } from '@machines/session/session.machine';
import { fakePorts, recordingPort } from './fake-ports';
import { profile } from './profiles';

/**
 * Contexts the transition specs start mid-chart from (`machine.resolveState({ value, context })`): one place that
 * knows every field, so a new field of a machine's context is one edit here, not one per spec file.
 */

type LoginContext = ContextFrom<typeof loginMachine>;

/** The login flow's input as the root hands it for `/Login/acme`. */
export const loginInput = (overrides: Partial<LoginInput> = {}): LoginInput => ({
  mode: 'login',
  clientId: 'acme',
  applicationName: undefined,
  culture: 'en-us',
  cultureNamed: false,
  recoveryToken: undefined,
  redirectUrl: undefined,
  ports: fakePorts().ports,
  ...overrides,
});

/** The login flow's context before anything is typed or remembered. */
export const loginContext = (overrides: Partial<LoginContext> = {}): LoginContext => ({
  ...initialLoginContext(loginInput()),
  ...overrides,
});

/** The board guard's input for `/board/index`, signed in as Maria. */
export const guardInput = (overrides: Partial<GuardInput> = {}): GuardInput => ({
  area: 'board',
  path: '/board/index',
  address: '/board/index',
  culture: 'en-us',
  profile: profile(),
  recoveryToken: undefined,
  ports: fakePorts().ports,
  ...overrides,
});

/** The session's context with a signed-in profile and the default timing. */
export const sessionContext = () => initialSessionContext({ signOutReason: undefined, profile: profile() });

/** Edit Mode's input as the root hands it: the page's culture and client, notifications, and the root as `texts`. */
export const editModeInput = (page: Partial<EditModeInput['page']> = {}): EditModeInput => ({
  page: { culture: 'en-us', clientId: undefined, ...page },
  ports: { notifications: fakePorts().ports.notifications, texts: recordingPort<TextsChangedEvent>().ref },
});
