import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getShortestPaths, TestModel } from 'xstate/graph';
import { matchesState, type SnapshotFrom } from 'xstate';
import { appMachine } from '@machines/app/app.machine';
import type { AppEvent } from '@machines/app/app.types';
import { describeLocation } from '@src/app/routes';
import { catalogueText } from '../support/catalogue-text';
import { isStartEvent, snapshotEvent, snapshotEventType } from '../support/controlled-actor';
import { ACME, aggregated, appInput, notSupportedList } from '../support/fixtures';
import { renderShell } from '../support/render-shell';
import { controlledApi } from '../support/shell-api';

type AppSnapshot = SnapshotFrom<typeof appMachine>;

const OLD_BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0)';

/** Addresses the walk visits, resolved exactly as LocationWatcher resolves them. */
const addresses = ['/Login', `/Faq/${ACME}?culture=es`, '/no/such/page'];
const locationEvent = (address: string): AppEvent => {
  const [path = '', search = ''] = address.split('?');
  const location = describeLocation(path, search);
  if (!location) throw new Error(`${address} is a redirect, not a page`);
  return { type: 'location.changed', location };
};

/** Resource answers the walk can give: lists that flag this browser, and lists that do not. */
const resourceAnswers = [notSupportedList('Trident'), notSupportedList('MSIE 6')].map((lists) =>
  snapshotEvent('resources', { context: { loaded: { key: 'walk', version: 20260101 }, lists } }),
);

const events: AppEvent[] = [...addresses.map(locationEvent), ...resourceAnswers, { type: 'browserNotice.dismiss' }];

/** Which page an app snapshot shows, as the `page:` assertion keys name it. */
const pageOf = (s: AppSnapshot) => {
  const location = s.context.location;
  if (!location) return 'none';
  return location.page ?? 'notFound';
};

const model = new TestModel(appMachine, {
  stateMatcher: (s, key) => (key.startsWith('page:') ? key === `page:${pageOf(s)}` : matchesState(key, s.value)),
});

const paths = model.getPaths(getShortestPaths, {
  input: appInput({ userAgent: OLD_BROWSER }),
  events,
  // Resources load only for a page, so no answer can come before the first address.
  filterEvents: (s, event) => event.type === 'location.changed' || s.context.location !== undefined,
  // The page and browser check are what the view shows; culture and client ride along in context.
  serializeState: (s) => JSON.stringify({ value: s.value, page: pageOf(s), culture: s.context.culture }),
});

type Harness = { shell?: ReturnType<typeof renderShell>; api: ReturnType<typeof controlledApi> };

const expectHeading = async (s: AppSnapshot, id: string) => {
  expect(await screen.findByRole('heading', { name: catalogueText(s.context.culture, id) })).toBeInTheDocument();
};

/** Assertions per state: every state the walk reaches is checked against the real view. */
const states = {
  'page:none': () => {
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  },
  'page:login': (s: AppSnapshot) => expectHeading(s, 'Login_Text_Title'),
  'page:faq': (s: AppSnapshot) => expectHeading(s, 'Faq_Text_Title'),
  'page:notFound': (s: AppSnapshot) => expectHeading(s, 'Global_Text_PageNotFound'),
  'browser.unchecked': () => {
    expect(screen.queryByTestId('browser-notice')).not.toBeInTheDocument();
  },
  'browser.supported': async () => {
    await waitFor(() => {
      expect(screen.queryByTestId('browser-notice')).not.toBeInTheDocument();
    });
  },
  'browser.unsupported': async () => {
    expect(await screen.findByTestId('browser-notice')).toBeInTheDocument();
  },
  'browser.acknowledged': async () => {
    await waitFor(() => {
      expect(screen.queryByTestId('browser-notice')).not.toBeInTheDocument();
    });
  },
};

/** How the person (or the network) causes each event in the real UI. */
const executors = (harness: Harness) =>
  ({
    'location.changed': (step: { event: AppEvent }) => {
      if (step.event.type !== 'location.changed') return Promise.resolve();
      const { path } = step.event.location;
      const address = addresses.find((candidate) => candidate.split('?')[0] === path) ?? path;
      if (!harness.shell) {
        harness.shell = renderShell({ path: address, api: harness.api.api, input: { userAgent: OLD_BROWSER } });
        return Promise.resolve();
      }
      const { navigate } = harness.shell.location;
      act(() => {
        navigate(address);
      });
      return Promise.resolve();
    },
    // Raised by the root itself (after every address, for every resources snapshot); never sent from outside.
    'route.entered': () => Promise.resolve(),
    'resources.updated': () => Promise.resolve(),
    'browserNotice.dismiss': async (step: { state: AppSnapshot }) => {
      const notice = await screen.findByTestId('browser-notice');
      const close = catalogueText(step.state.context.culture, 'Global_Button_Close');
      await userEvent.click(within(notice).getByRole('button', { name: close }));
    },
    [snapshotEventType('resources')]: async (step: { event: unknown }) => {
      const { lists } = (step.event as { snapshot: { context: { lists: ReturnType<typeof notSupportedList> } } })
        .snapshot.context;
      const { version, page } = harness.api;
      await waitFor(() => {
        if (version.waiting() === 0) throw new Error('the version check has not started yet');
      });
      while (version.waiting() > 0) version.resolve(20260101);
      await waitFor(() => {
        if (page.waiting() === 0) throw new Error('the resource load has not started yet');
      });
      while (page.waiting() > 0) page.resolve(aggregated({ lists }));
    },
  }) satisfies Record<AppEvent['type'], unknown>;

/** A path in plain words: the addresses visited and what happened, then where it ends. */
const describePath = (path: (typeof paths)[number]) => {
  const steps = path.steps
    .filter(({ event }) => !isStartEvent(event.type))
    .map(({ event }) => {
      if (event.type === 'location.changed') return `visit ${event.location.path}`;
      // The graph also steps on the resources child's snapshot event, which is not in AppEvent.
      return (event.type as string) === 'browserNotice.dismiss' ? 'close the browser notice' : 'resources arrive';
    });
  return `${steps.join(', ')} → ${pageOf(path.state)} page, browser ${JSON.stringify(path.state.value)}`;
};

describe('app model walk', () => {
  it.each(paths.map((path) => ({ title: describePath(path), path })))('$title', async ({ path }) => {
    expect.hasAssertions();
    const harness: Harness = { api: controlledApi() };
    await path.test({ states, events: executors(harness) as never });
  });

  it('has an assertion for every state the walk reaches, and every assertion is used', () => {
    const reached = paths.flatMap((path) => [path.state, ...path.steps.map((step) => step.state)]);
    const keys = Object.keys(states);
    for (const s of reached) {
      expect(keys.filter((key) => key.startsWith('page:') && model.options.stateMatcher(s, key))).toHaveLength(1);
      expect(keys.filter((key) => !key.startsWith('page:') && model.options.stateMatcher(s, key))).toHaveLength(1);
    }
    for (const key of keys) expect(reached.some((s) => model.options.stateMatcher(s, key))).toBe(true);
  });
});
