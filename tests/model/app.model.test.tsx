import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { appMachine } from '@machines/app/app.machine';
import { faqMachine } from '@machines/faq/faq.machine';
import type { AppEvent } from '@machines/app/app.types';
import { describeLocation } from '@src/app/routes';
import { catalogueText } from '../support/catalogue-text';
import { actorDone, childSnapshot, snapshotEventType } from '../support/controlled-actor';
import { ACME, aggregated, appInput, notSupportedList } from '../support/fixtures';
import { renderShell } from '../support/render-shell';
import { controlledApi } from '../support/shell-api';
import { describeWalks, notWalked, type WalkEvent } from '../support/walk';

type AppSnapshot = SnapshotFrom<typeof appMachine>;

const OLD_BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0)';

/** Addresses the walk visits, resolved exactly as LocationWatcher resolves them. */
const addresses = ['/Login', `/Faq/${ACME}?culture=es`, '/no/such/page'];
const locationEvent = (address: string) => {
  const [path = '', search = ''] = address.split('?');
  const location = describeLocation(path, search);
  if (!location) throw new Error(`${address} is a redirect, not a page`);
  return { type: 'location.changed', location } satisfies AppEvent;
};

/** Resource answers the walk can give: lists that flag this browser, and lists that do not. */
const resourceAnswers = [notSupportedList('Trident'), notSupportedList('MSIE 6')].map((lists) =>
  childSnapshot('resources', { context: { loaded: { key: 'walk', version: 20260101 }, lists } }),
);

/**
 * The flow loader's answer: the help page's flow, the one flow of these addresses that is a chunk of its own (the
 * login flow is in the entry). The loader in the view is the real one (src/app/wiring.ts), so the flow started is too.
 */
const faqLoaded = actorDone('flowLoader', { key: 'faq' as const, logic: faqMachine });

const events = [
  ...addresses.map(locationEvent),
  ...resourceAnswers,
  { type: 'browserNotice.dismiss' } as const,
  faqLoaded,
] satisfies WalkEvent<typeof appMachine>[];

/** Which page an app snapshot shows, as the `page` facet names it. */
const pageOf = (s: AppSnapshot) => {
  const location = s.context.location;
  if (!location) return 'none';
  return location.page ?? 'notFound';
};

/** The view under walk, and how often the help page's flow has asked for its questions (before this address). */
/**
 * Whether the flow of the address on screen runs. In the graph a loader that answered stays among the children (only
 * a running actor removes a finished child), so the flow's own child tells its start apart.
 */
const flowStarted = (s: AppSnapshot) => {
  const flow = s.context.location?.flow;
  return flow !== undefined && s.children[flow] !== undefined;
};

type Harness = {
  shell?: ReturnType<typeof renderShell>;
  api: ReturnType<typeof controlledApi>;
  faqAsked: { total: number; beforeAddress: number };
};

/**
 * The page's heading. While the browser notice is open, its modal hides the page beneath from the accessibility
 * tree (aria-hidden) though the page is still rendered there: the heading is then looked for among hidden elements.
 */
const expectHeading = async (s: AppSnapshot, id: string) => {
  const name = catalogueText(s.context.culture, id);
  const covered = s.matches({ browser: 'unsupported' });
  expect(await screen.findByRole('heading', { name, hidden: covered })).toBeInTheDocument();
};

const noBrowserNotice = async () => {
  await waitFor(() => {
    expect(screen.queryByTestId('browser-notice')).not.toBeInTheDocument();
  });
};

describeWalks(appMachine, {
  title: 'app model walk',
  events,
  scenarios: [
    {
      input: appInput({ userAgent: OLD_BROWSER }),
      // Resources load only for a page, so no answer can come before the first address; the loader answers only
      // while it runs, with the flow of the address on screen.
      filterEvents: (s, event) =>
        event.type === faqLoaded.type
          ? s.children.flowLoader !== undefined && !flowStarted(s) && s.context.location?.flow === event.output.key
          : event.type === 'location.changed' || s.context.location !== undefined,
      // The page and browser check are what the view shows; culture and client ride along in context; whether the
      // page's flow has started tells the loader's answer apart.
      serializeState: (s) =>
        JSON.stringify({
          value: s.value,
          page: pageOf(s),
          flow: s.context.location?.flow,
          started: flowStarted(s),
          culture: s.context.culture,
        }),
    },
  ],
  start: (): Harness => {
    const api = controlledApi();
    const faqAsked = { total: 0, beforeAddress: 0 };
    const { getFaq } = api.api;
    api.api.getFaq = (...call) => {
      faqAsked.total += 1;
      return getFaq(...call);
    };
    return { api, faqAsked };
  },
  // The first walk loads the shell's chunks in jsdom; the bound only keeps a stuck walk from hanging.
  timeout: 30_000,
  describeEvent: (event) => {
    if (event.type === 'location.changed') return event.location.path;
    if (event.type === faqLoaded.type) return event.output.key;
    // Which browsers the lists flag.
    return 'snapshot' in event
      ? Object.values(event.snapshot.context.lists)
          .flat()
          .map((item) => item.value)
          .join(', ')
      : undefined;
  },
  /** The page on screen is a view of the context, not a state: asserted per page the walk reaches. */
  facets: {
    page: {
      of: pageOf,
      states: {
        none: () => {
          expect(screen.queryByRole('heading')).not.toBeInTheDocument();
        },
        login: (s) => expectHeading(s, 'Login_Text_Title'),
        faq: (s) => expectHeading(s, 'Faq_Text_Title'),
        notFound: (s) => expectHeading(s, 'Global_Text_PageNotFound'),
      },
    },
    /** The page's flow, started from the flow table while its address is on screen (machines/app/app.flows.ts). */
    flow: {
      of: (s) => s.context.location?.flow ?? 'none',
      states: {
        none: () => {
          expect(screen.queryByTestId('okta-widget-container')).not.toBeInTheDocument();
          expect(screen.queryByRole('heading', { name: 'My applications' })).not.toBeInTheDocument();
        },
        // The login flow runs: it asks whether a session exists before it shows the widget.
        login: async (_s, harness: Harness) => {
          await waitFor(() => {
            expect(harness.shell?.identity.existingSession.waiting()).toBe(1);
          });
        },
        // The help page's flow runs: it asks for the questions, which this walk's API refuses, so it offers a retry.
        faq: async (s) => {
          expect(await screen.findByText(catalogueText(s.context.culture, 'Faq_Text_LoadFailed'))).toBeInTheDocument();
        },
      },
    },
  },
  /** Assertions per state: every state the walk reaches is checked against the real view. */
  states: {
    'access.open': (_s, harness: Harness) => {
      expect(harness.shell?.identity.menu.waiting() ?? 0).toBe(0);
    },
    'access.guarding': notWalked('the walk visits no board or admin address: tests/model/guard walks the guards'),
    'browser.unchecked': () => {
      expect(screen.queryByTestId('browser-notice')).not.toBeInTheDocument();
    },
    'browser.supported': noBrowserNotice,
    'browser.unsupported': async () => {
      expect(await screen.findByTestId('browser-notice')).toBeInTheDocument();
    },
    'browser.acknowledged': noBrowserNotice,
  },
  /** How the person (or the network) causes each event in the real UI. */
  executors: {
    'location.changed': ({ event }, harness) => {
      const { path } = event.location;
      const address = addresses.find((candidate) => candidate.split('?')[0] === path) ?? path;
      harness.faqAsked.beforeAddress = harness.faqAsked.total;
      if (!harness.shell) {
        harness.shell = renderShell({ path: address, api: harness.api.api, input: { userAgent: OLD_BROWSER } });
        return;
      }
      const { navigate } = harness.shell.location;
      act(() => {
        navigate(address);
      });
    },
    'route.entered': notWalked('raised by the root itself after every address; never sent from outside'),
    'resources.updated': notWalked('raised by the root itself for every resources snapshot; never sent from outside'),
    'session.signingOut': notWalked(
      'sent by the session watcher when someone signs out: tests/dom/sign-out-dialogs signs out with dialogs open',
    ),
    'texts.changed': notWalked(
      'sent by Edit Mode after a saved text: tests/model/edit-mode walks it through the dashboard',
    ),
    // The real loader answers by itself once the flow's chunk is in: the help page's flow then starts and asks for the
    // questions of this address.
    [faqLoaded.type]: async (_step, harness) => {
      await waitFor(() => {
        expect(harness.faqAsked.total).toBeGreaterThan(harness.faqAsked.beforeAddress);
      });
    },
    'browserNotice.dismiss': async ({ state }) => {
      const notice = await screen.findByTestId('browser-notice');
      const close = catalogueText(state.context.culture, 'Global_Button_Close');
      await userEvent.click(within(notice).getByRole('button', { name: close }));
    },
    [snapshotEventType('resources')]: async ({ event }, harness) => {
      const { lists } = event.snapshot.context;
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
  },
});
