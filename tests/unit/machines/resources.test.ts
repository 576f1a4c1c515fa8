import { describe, expect, it } from 'vitest';
import { initialTransition, transition, type SnapshotFrom } from 'xstate';
import { resourcesMachine, type ResourceRequest } from '@machines/resources/resources.machine';
import { todayVersion, initialVersion } from '@machines/resources/version';
import { ApiError } from '@contracts/failures';
import { doneEvent, errorEvent } from '../../support/controlled-actor';
import { fakePorts } from '../../support/fake-ports';
import { aggregated, ACME } from '../../support/fixtures';

type Context = SnapshotFrom<typeof resourcesMachine>['context'];
type StateName =
  | 'waitingForPage'
  | 'activatingCulture'
  | 'checkingVersion'
  | 'loading'
  | 'idle'
  | { checkingAndLoading: { version: 'checking' | 'checked'; texts: 'loading' | 'loaded' } };

const loginPage: ResourceRequest = { page: 'login', culture: 'en-us', clientId: ACME };
const loginKey = `en-us|${ACME}|login`;

const at = (value: StateName, context: Partial<Context> = {}) =>
  resourcesMachine.resolveState({
    value,
    context: {
      request: loginPage,
      activeCulture: 'en-us',
      version: 20260101,
      loaded: undefined,
      lists: {},
      settings: {},
      builtInLabels: {},
      labels: {},
      allowsSignUp: false,
      theme: null,
      ports: fakePorts().ports,
      ...context,
    },
  });

/** Whether the transition hands an `error.report` to the notifications singleton. */
const reportsFailure = (actions: { params?: unknown }[]) =>
  actions.some((action) => JSON.stringify(action.params ?? null).includes('"type":"error.report"'));

describe('resources: version rule (spec §7)', () => {
  it('reads today as yyyymmdd', () => {
    expect(todayVersion(new Date(2026, 0, 9))).toBe(20260109);
  });

  it('keeps the higher of today and the stored version', () => {
    expect(initialVersion(20260101, 20260105)).toBe(20260105);
    expect(initialVersion(20260101, 20251231)).toBe(20260101);
    expect(initialVersion(20260101, undefined)).toBe(20260101);
  });

  it('starts under the higher of today and the stored version', () => {
    const [start] = initialTransition(resourcesMachine, {
      today: 20260101,
      storedVersion: 20260301,
      ports: fakePorts().ports,
    });
    expect(start.context.version).toBe(20260301);
  });
});

describe('resources: transitions', () => {
  it('switches the built-in catalogue when the first page arrives', () => {
    const [next] = transition(resourcesMachine, at('waitingForPage', { activeCulture: undefined }), {
      type: 'page.changed',
      ...loginPage,
    });
    expect(next.value).toBe('activatingCulture');
  });

  it('loads a page not loaded yet beside the version check when the culture is already active', () => {
    const [next] = transition(resourcesMachine, at('idle'), { type: 'page.changed', ...loginPage, page: 'faq' });
    expect(next.value).toEqual({ checkingAndLoading: { version: 'checking', texts: 'loading' } });
    expect(next.context.request.page).toBe('faq');
  });

  it('only checks the version for the page already loaded', () => {
    const [next] = transition(resourcesMachine, at('idle', { loaded: { key: loginKey, version: 20260101 } }), {
      type: 'page.changed',
      ...loginPage,
    });
    expect(next.value).toBe('checkingVersion');
  });

  it('switches catalogue again when the page asks for another culture', () => {
    const [next] = transition(resourcesMachine, at('idle'), { type: 'page.changed', ...loginPage, culture: 'es' });
    expect(next.value).toBe('activatingCulture');
  });

  it('checks the version and loads the page once the catalogue is active', () => {
    const [next] = transition(
      resourcesMachine,
      at('activatingCulture', { activeCulture: undefined }),
      doneEvent('activateCulture', { Global_Text_Loading: 'Loading…' }),
    );
    expect(next.value).toEqual({ checkingAndLoading: { version: 'checking', texts: 'loading' } });
    expect(next.context.activeCulture).toBe('en-us');
    expect(next.context.builtInLabels).toEqual({ Global_Text_Loading: 'Loading…' });
  });

  it('only checks the version once the catalogue is active when the page is loaded already', () => {
    const [next] = transition(
      resourcesMachine,
      at('activatingCulture', { activeCulture: undefined, loaded: { key: loginKey, version: 20260101 } }),
      doneEvent('activateCulture', {}),
    );
    expect(next.value).toBe('checkingVersion');
    expect(next.context.activeCulture).toBe('en-us');
  });

  it('loads the page when its texts are not loaded yet', () => {
    const [next] = transition(resourcesMachine, at('checkingVersion'), doneEvent('fetchVersion', 20260101));
    expect(next.value).toBe('loading');
  });

  it('stays settled when the page is loaded and the server has nothing newer', () => {
    const [next] = transition(
      resourcesMachine,
      at('checkingVersion', { loaded: { key: loginKey, version: 20260101 } }),
      doneEvent('fetchVersion', 20260101),
    );
    expect(next.value).toBe('idle');
  });

  // One rule (loadUnderNewerVersion) for both checks: the one alone, and the one beside a page's load, whose texts
  // asked for meanwhile may be older.
  it.each([
    ['the check alone', at('checkingVersion', { loaded: { key: loginKey, version: 20260101 } })],
    ['the check beside a load', at({ checkingAndLoading: { version: 'checking', texts: 'loading' } })],
  ])('reloads and stores the version when the server announces a newer one (%s)', (_, start) => {
    const [next, actions] = transition(resourcesMachine, start, doneEvent('fetchVersion', 20260102));
    expect(next.value).toBe('loading');
    expect(next.context.version).toBe(20260102);
    expect(actions).toContainEqual(expect.objectContaining({ type: 'persistVersion', params: { version: 20260102 } }));
  });

  it('still loads a missing page when the version check fails, without a second report', () => {
    const [next, actions] = transition(
      resourcesMachine,
      at('checkingVersion'),
      errorEvent('fetchVersion', new TypeError('offline')),
    );
    expect(next.value).toBe('loading');
    expect(reportsFailure(actions)).toBe(false);
  });

  it('applies the labels and tells the root about the lists after a load', () => {
    const answer = aggregated({
      labels: { Login_Text_Title: 'Welcome' },
      fallbackLabels: { FormField_Name_Nickname: 'Nickname' },
    });
    const [next, actions] = transition(resourcesMachine, at('loading'), doneEvent('loadResources', answer));
    expect(next.value).toBe('idle');
    expect(next.context.loaded).toEqual({ key: loginKey, version: 20260101 });
    expect(actions).toContainEqual(
      expect.objectContaining({
        type: 'applyLabels',
        params: {
          culture: 'en-us',
          labels: { Login_Text_Title: 'Welcome' },
          fallbackLabels: { FormField_Name_Nickname: 'Nickname' },
        },
      }),
    );
  });

  it('ignores a 401 on a resource load (spec §7)', () => {
    const unauthorized = new ApiError({ status: 401, code: 'unauthorized', message: 'no', requestId: 'r1' });
    const [next, actions] = transition(resourcesMachine, at('loading'), errorEvent('loadResources', unauthorized));
    expect(next.value).toBe('idle');
    expect(reportsFailure(actions)).toBe(false);
  });

  it('reports any other failed load', () => {
    const failure = new ApiError({ status: 500, code: 'internal', message: 'boom', requestId: 'r1' });
    const [, actions] = transition(resourcesMachine, at('loading'), errorEvent('loadResources', failure));
    expect(reportsFailure(actions)).toBe(true);
  });

  it('re-checks the version when the person comes back to the window', () => {
    const [next] = transition(resourcesMachine, at('idle'), { type: 'window.focused' });
    expect(next.value).toBe('checkingVersion');
  });

  it('checks again, and loads texts that got no answer, when the browser is online again (issue 29 §3)', () => {
    const [next] = transition(resourcesMachine, at('idle'), { type: 'connection.back' });
    expect(next.value).toBe('checkingVersion');
  });

  it('re-checks the version when Edit Mode saved a text (the save raised it)', () => {
    const [next] = transition(resourcesMachine, at('idle'), { type: 'texts.changed' });
    expect(next.value).toBe('checkingVersion');
  });

  it('drops a window focus while a check is already running', () => {
    const [next] = transition(resourcesMachine, at('checkingVersion'), { type: 'window.focused' });
    expect(next.value).toBe('checkingVersion');
  });
});

describe('resources: a page loaded beside its version check', () => {
  const both = { checkingAndLoading: { version: 'checking', texts: 'loading' } } as const;

  it('applies the texts when they come first and waits for the version', () => {
    const answer = aggregated({ labels: { Login_Text_Title: 'Welcome' } });
    const [next, actions] = transition(resourcesMachine, at(both), doneEvent('loadResources', answer));
    expect(next.value).toEqual({ checkingAndLoading: { version: 'checking', texts: 'loaded' } });
    expect(next.context.loaded).toEqual({ key: loginKey, version: 20260101 });
    expect(actions).toContainEqual(expect.objectContaining({ type: 'applyLabels' }));
  });

  it('settles once the version says nothing newer and the texts are in', () => {
    const [next] = transition(
      resourcesMachine,
      at({ checkingAndLoading: { version: 'checking', texts: 'loaded' } }),
      doneEvent('fetchVersion', 20260101),
    );
    expect(next.value).toBe('idle');
  });

  it('settles once the texts are in after the version said nothing newer', () => {
    const [next] = transition(
      resourcesMachine,
      at({ checkingAndLoading: { version: 'checked', texts: 'loading' } }),
      doneEvent('loadResources', aggregated({})),
    );
    expect(next.value).toBe('idle');
  });

  it('goes on loading without a report when the version check fails', () => {
    const [next, actions] = transition(
      resourcesMachine,
      at(both),
      errorEvent('fetchVersion', new TypeError('offline')),
    );
    expect(next.value).toEqual({ checkingAndLoading: { version: 'checked', texts: 'loading' } });
    expect(reportsFailure(actions)).toBe(false);
  });

  it('reports a failed load but not a 401, and settles when the version is known', () => {
    const failure = new ApiError({ status: 500, code: 'internal', message: 'boom', requestId: 'r1' });
    const [failed, reported] = transition(resourcesMachine, at(both), errorEvent('loadResources', failure));
    expect(failed.value).toEqual({ checkingAndLoading: { version: 'checking', texts: 'loaded' } });
    expect(reportsFailure(reported)).toBe(true);
    const unauthorized = new ApiError({ status: 401, code: 'unauthorized', message: 'no', requestId: 'r2' });
    const [, ignored] = transition(resourcesMachine, at(both), errorEvent('loadResources', unauthorized));
    expect(reportsFailure(ignored)).toBe(false);
  });
});
