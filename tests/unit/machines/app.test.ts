import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import { flowTable } from '@machines/app/app.flows';
import { appMachine } from '@machines/app/app.machine';
import type { PageLocation } from '@machines/app/app.types';
import { isUnsupportedBrowser } from '@machines/app/browser-support';
import { signUpMachine } from '@machines/sign-up/sign-up.machine';
import { doneEvent, snapshotEvent } from '../../support/controlled-actor';
import { fakePorts } from '../../support/fake-ports';
import { ACME, appInput, notSupportedList } from '../../support/fixtures';

const location = (overrides: Partial<PageLocation> = {}): PageLocation => ({
  path: '/Login',
  page: 'login',
  analyticsPage: '/login',
  clientId: undefined,
  culture: undefined,
  routeId: 'login',
  flow: 'login',
  area: 'public',
  params: {},
  query: {},
  kept: {},
  ...overrides,
});

const start = (input = appInput()) => initialTransition(appMachine, input)[0];

const resourcesSnapshot = (lists: ReturnType<typeof notSupportedList>, loaded = true) => ({
  context: { loaded: loaded ? { key: 'k', version: 1 } : undefined, lists },
});

const actionOf = (actions: { type: string; params?: unknown }[], type: string) =>
  actions.find((action) => action.type === type);

describe('app: following the address', () => {
  it('records a page view with the analytics name, culture and client', () => {
    const [, actions] = transition(appMachine, start(), {
      type: 'location.changed',
      location: location({ clientId: ACME }),
    });
    expect(actionOf(actions, 'trackPageView')?.params).toEqual({ page: '/login', culture: 'en-us', clientId: ACME });
  });

  it('sends no page view for a page without an analytics name', () => {
    const [, actions] = transition(appMachine, start(), {
      type: 'location.changed',
      location: location({ path: '/dashboard', page: 'index', analyticsPage: undefined }),
    });
    expect(actionOf(actions, 'trackPageView')).toBeUndefined();
  });

  it('takes the culture from the address, normalised, and stores it', () => {
    const [next, actions] = transition(appMachine, start(), {
      type: 'location.changed',
      location: location({ culture: 'es-419' }),
    });
    expect(next.context.culture).toBe('es');
    expect(actionOf(actions, 'persistCulture')?.params).toEqual({ culture: 'es' });
  });

  it('keeps the stored culture when the address names none', () => {
    const [next, actions] = transition(appMachine, start(appInput({ culture: 'es' })), {
      type: 'location.changed',
      location: location(),
    });
    expect(next.context.culture).toBe('es');
    expect(actionOf(actions, 'persistCulture')).toBeUndefined();
  });

  it('remembers the client named by the address and keeps it on later pages', () => {
    const [withClient, actions] = transition(appMachine, start(), {
      type: 'location.changed',
      location: location({ clientId: ACME }),
    });
    expect(actionOf(actions, 'persistClientId')?.params).toEqual({ clientId: ACME });
    const [later] = transition(appMachine, withClient, {
      type: 'location.changed',
      location: location({ path: '/Faq', page: 'faq', analyticsPage: '/faq' }),
    });
    expect(later.context.clientId).toBe(ACME);
  });

  it('tells the resources singleton which page to load', () => {
    const [, actions] = transition(appMachine, start(), {
      type: 'location.changed',
      location: location({ clientId: ACME }),
    });
    // Some actions (stopping a flow that is not running) carry no params at all.
    const sent = actions.filter((action) =>
      String(JSON.stringify(action.params) as string | undefined).includes('"type":"page.changed"'),
    );
    expect(JSON.stringify(sent)).toContain('"page":"login"');
    expect(JSON.stringify(sent)).toContain(ACME);
  });

  it('loads no page resources, only Global, when the address contains a state parameter (spec §2 page keys)', () => {
    const resourcesAsked = (query: Record<string, string>) => {
      const [, actions] = transition(appMachine, start(), {
        type: 'location.changed',
        location: location({ clientId: ACME, query }),
      });
      const sent = actions.find(
        (action) => (action.params as { targetId?: string } | undefined)?.targetId === 'resources',
      );
      return (sent?.params as { event?: { type: string; page?: string } } | undefined)?.event;
    };
    expect(resourcesAsked({})).toMatchObject({ type: 'page.changed', page: 'login' });
    const withState = resourcesAsked({ state: 'x1', code: 'c1' });
    expect(withState).toMatchObject({ type: 'page.changed', clientId: ACME });
    expect(withState?.page).toBeUndefined();
  });
});

describe('app: a page flow whose machine is in a chunk of its own', () => {
  const signUpPage = location({
    path: `/SignUp/${ACME}`,
    page: 'signup',
    analyticsPage: '/signup',
    routeId: 'signUp',
    flow: 'signUp',
    params: { clientId: ACME },
  });

  it('loads the machine first, starts the flow when it arrives, and starts it at once on a later visit', () => {
    const [loading] = transition(appMachine, start(), { type: 'location.changed', location: signUpPage });
    expect(loading.children.signUp).toBeUndefined();
    expect(loading.children.flowLoader).toBeDefined();

    const [running] = transition(appMachine, loading, doneEvent('flowLoader', { key: 'signUp', logic: signUpMachine }));
    expect(running.children.signUp).toBeDefined();
    expect(running.context.flows.signUp).toBe(signUpMachine);

    const [away] = transition(appMachine, running, { type: 'location.changed', location: location() });
    expect(away.children.signUp).toBeUndefined();
    const [back] = transition(appMachine, away, { type: 'location.changed', location: signUpPage });
    expect(back.children.signUp).toBeDefined();
    expect(back.children.flowLoader).toBeUndefined();
  });

  it('stops the loading when the address moves on first, so the flow of a page left behind never starts', () => {
    const [loading] = transition(appMachine, start(), { type: 'location.changed', location: signUpPage });
    const [moved] = transition(appMachine, loading, {
      type: 'location.changed',
      location: location({ path: '/NotFound', page: undefined, routeId: undefined, flow: undefined }),
    });
    expect(moved.children.flowLoader).toBeUndefined();
    expect(moved.children.signUp).toBeUndefined();
  });
});

describe('app: browser-support check (admin-and-board §2)', () => {
  it('opens the notice when the user agent matches a not-supported pattern', () => {
    const [next] = transition(
      appMachine,
      start(appInput({ userAgent: 'Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0)' })),
      snapshotEvent('resources', resourcesSnapshot(notSupportedList('Trident', 'MSIE'))),
    );
    expect(next.matches({ browser: 'unsupported' })).toBe(true);
  });

  it('passes a browser that matches no pattern', () => {
    const [next] = transition(
      appMachine,
      start(),
      snapshotEvent('resources', resourcesSnapshot(notSupportedList('Trident'))),
    );
    expect(next.matches({ browser: 'supported' })).toBe(true);
  });

  it('waits until resources have loaded', () => {
    const [next] = transition(appMachine, start(), snapshotEvent('resources', resourcesSnapshot({}, false)));
    expect(next.matches({ browser: 'unchecked' })).toBe(true);
  });

  it('closes the notice when the person dismisses it', () => {
    const unsupported = appMachine.resolveState({ value: { browser: 'unsupported' }, context: start().context });
    const [next] = transition(appMachine, unsupported, { type: 'browserNotice.dismiss' });
    expect(next.matches({ browser: 'acknowledged' })).toBe(true);
  });

  it('checks only once: later loads do not reopen a dismissed notice', () => {
    const acknowledged = appMachine.resolveState({ value: { browser: 'acknowledged' }, context: start().context });
    const [next] = transition(
      appMachine,
      acknowledged,
      snapshotEvent('resources', resourcesSnapshot(notSupportedList('.*'))),
    );
    expect(next.matches({ browser: 'acknowledged' })).toBe(true);
  });

  it('skips a pattern that is not a valid expression', () => {
    expect(isUnsupportedBrowser('Firefox', notSupportedList('(', 'Firefox'))).toBe(true);
  });
});

describe('app: Edit Mode, a flow the root owns', () => {
  const sentTo = (actions: { type: string; params?: unknown }[]) =>
    actions
      .filter((action) => action.type === 'xstate.sendTo')
      .map((action) => action.params as { to: { id: string } | string; event: { type: string } })
      .map(({ to, event }) => ({ to: typeof to === 'string' ? to : to.id, event }));

  it('spawns Edit Mode once, off, on the culture and client the root starts with', () => {
    const s = start(appInput({ culture: 'es', clientId: ACME }));
    const editMode = s.children.editMode;
    expect(editMode?.getSnapshot().value).toBe('off');
    expect(editMode?.getSnapshot().context.page).toEqual({ culture: 'es', clientId: ACME });
  });

  it('tells Edit Mode about every new page, and forwards a saved text to the resources check', () => {
    const root = start();
    const [, moved] = transition(appMachine, root, {
      type: 'location.changed',
      location: location({ clientId: ACME, culture: 'es' }),
    });
    expect(sentTo(moved)).toContainEqual({
      to: 'editMode',
      event: { type: 'page.changed', page: { culture: 'es', clientId: ACME } },
    });
    const [, saved] = transition(appMachine, root, { type: 'texts.changed' });
    expect(sentTo(saved)).toEqual([{ to: 'resources', event: { type: 'texts.changed' } }]);
  });
});

describe('app: the board’s flow input (issue 29 §4)', () => {
  const board = (query: Record<string, string>) =>
    location({ path: '/board/index', page: 'board', routeId: 'boardIndex', flow: 'launcher', area: 'board', query });
  const host = (query: Record<string, string>) => ({
    location: board(query),
    culture: 'en-us' as const,
    profile: undefined,
    ports: fakePorts().ports,
  });

  it('asks the launcher to stay on the board for /board/index?stay, and not otherwise', () => {
    expect(flowTable.launcher.input(host({ stay: '' })).stay).toBe(true);
    expect(flowTable.launcher.input(host({})).stay).toBe(false);
  });
});
