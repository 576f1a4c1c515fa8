import { assign, sendTo, setup } from 'xstate';
import type { Culture } from '@contracts/culture';
import { ApiError } from '@contracts/failures';
import type { AggregatedResources, ListItem, Settings, Theme } from '@contracts/resources';
import type { NotificationsEvent } from '../notifications/notifications.types';
import { notProvided, notProvidedListener, providedAtEdge } from '../support/actors';
import { componentsFor, type PageKey } from '../support/pages';
import type { ReportingPorts } from '../support/ports';
import { initialVersion } from './version';

/** What the root knows about the page on screen; resources are loaded for exactly this. */
export type ResourceRequest = { page: PageKey | undefined; culture: Culture; clientId: string | undefined };

export type ResourcesEvent =
  | ({ type: 'page.changed' } & ResourceRequest)
  | { type: 'window.focused' }
  /**
   * The browser is online again (issue 29 §3): texts that got no answer offline are asked for again, as after focus.
   */
  | { type: 'connection.back' }
  /** Edit Mode saved a text: its save raised the resource version, so the check reloads the page's texts. */
  | { type: 'texts.changed' };

/** What the wiring edge reads for the resources singleton at start. */
export type ResourcesBoot = {
  /** Today as yyyymmdd. */
  today: number;
  /** The version stored by an earlier visit, if any. */
  storedVersion: number | undefined;
};

export type ResourcesInput = ResourcesBoot & { ports: ReportingPorts };

/** Texts by label key, as an administrator writes them (`{{placeholder}}`, HTML kept). */
export type LabelTexts = Record<string, string>;

type ResourcesContext = {
  request: ResourceRequest;
  /** The culture whose built-in catalogue is active, once one is. */
  activeCulture: Culture | undefined;
  /** The version resources are requested under; rises when the server announces a newer one. */
  version: number;
  /** Which request the texts on screen were loaded for, and under which version. The root watches it to run the
   * browser check once the first lists are in. */
  loaded: { key: string; version: number } | undefined;
  lists: Record<string, ListItem[]>;
  settings: Settings;
  /** The built-in texts of the active culture (what a label says when no client configured it). */
  builtInLabels: LabelTexts;
  /** The labels of the loaded page as the resources answer gave them (the client's configured texts). */
  labels: LabelTexts;
  /** The loaded page's client allows sign-up (its AutoSignUp): the login page's Sign up link. */
  allowsSignUp: boolean;
  /** The loaded page's client colours (else the provider's): the public pages wear them. */
  theme: Theme | null;
  ports: ReportingPorts;
};

/** Which page, client and culture a request is for; `loaded.key` says which one the texts on screen came from. */
export const requestKeyOf = (request: ResourceRequest) =>
  `${request.culture}|${request.clientId ?? ''}|${request.page ?? ''}`;

/** The version check's call: GET resource/GetResourceVersion(PerClient). */
const fetchVersionCall = {
  id: 'fetchVersion',
  src: 'fetchVersion',
  input: ({ context }: { context: ResourcesContext }) => ({ clientId: context.request.clientId }),
} as const;

type VersionAnswer = { event: { output: number } };

/** The server announced a newer version: kept, stored for the next visit, and the texts loaded under it. */
const loadUnderNewerVersion = (target: 'loading' | '#resources.loading') =>
  ({
    guard: { type: 'isNewerVersion', params: ({ event }: VersionAnswer) => event.output },
    actions: [
      { type: 'rememberVersion', params: ({ event }: VersionAnswer) => event.output },
      { type: 'persistVersion', params: ({ event }: VersionAnswer) => ({ version: event.output }) },
    ],
    target,
  }) as const;

/**
 * Loads the page's texts under the version in context, then `target`: applied and remembered, or the failure
 * reported (a 401 is not: spec §7). The same whether the version was checked first or is being checked beside it.
 */
const loadTexts = (target: 'idle' | 'loaded') =>
  ({
    id: 'loadResources',
    src: 'loadResources',
    input: ({ context }: { context: ResourcesContext }) => ({
      components: componentsFor(context.request.page),
      culture: context.request.culture,
      clientId: context.request.clientId,
      version: context.version,
    }),
    onDone: {
      target,
      actions: [
        { type: 'rememberLoaded', params: ({ event }: { event: { output: AggregatedResources } }) => event.output },
        {
          type: 'applyLabels',
          params: ({ context, event }: { context: ResourcesContext; event: { output: AggregatedResources } }) => ({
            culture: context.request.culture,
            labels: event.output.labels,
            fallbackLabels: event.output.fallbackLabels ?? {},
          }),
        },
      ],
    },
    // The built-in catalogue stays active, so the page still reads in its language.
    onError: [
      {
        guard: { type: 'isReportable', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
        target,
        actions: {
          type: 'reportFailure',
          params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
        },
      },
      { target },
    ],
  }) as const;

export const resourcesMachine = setup({
  types: {
    context: {} as ResourcesContext,
    events: {} as ResourcesEvent,
    input: {} as ResourcesInput,
    tags: {} as 'busy',
  },
  actors: {
    /** Activates the built-in catalogue of a culture (the Spanish one is loaded on demand). */
    activateCulture: notProvided<{ culture: Culture }, LabelTexts>('activateCulture'),
    /** GET resource/GetResourceVersion(PerClient): the server's current version. */
    fetchVersion: notProvided<{ clientId: string | undefined }, number>('fetchVersion'),
    /** GET resource/aggregatedByPage: labels, inputs, lists and settings of the page. */
    loadResources: notProvided<
      { components: readonly string[]; culture: Culture; clientId: string | undefined; version: number },
      AggregatedResources
    >('loadResources'),
    /**
     * Sends `window.focused` when the person comes back to the tab (spec §7: re-check the version), and
     * `connection.back` when the browser is online again (issue 29 §3: texts that got no answer are asked for again).
     */
    watchWindowFocus: notProvidedListener<ResourcesEvent>('watchWindowFocus'),
  },
  guards: {
    isCultureInactive: ({ context, event }) => event.type === 'page.changed' && event.culture !== context.activeCulture,
    isNewerVersion: ({ context }, version: number) => version > context.version,
    /** The texts on screen are not those of this request (the one in context unless a `page.changed` names one). */
    isPageMissing: ({ context, event }) =>
      requestKeyOf(event.type === 'page.changed' ? event : context.request) !== context.loaded?.key,
    /** Spec §7: "A resource load returning 401 is ignored". */
    isReportable: (_, { error }: { error: unknown }) => !(error instanceof ApiError && error.status === 401),
  },
  actions: {
    /**
     * Loads the labels into the active Lingui instance as per-client overrides (provided at the wiring edge): the
     * culture's own over the built-in texts, and the default culture's fallbacks only where the built-in catalogue
     * of the culture has no text (docs/i18n.md "How a text is resolved").
     */
    applyLabels: providedAtEdge<{
      culture: Culture;
      labels: Record<string, string>;
      fallbackLabels: Record<string, string>;
    }>(),
    /** Keeps the version for the next visit (provided at the wiring edge: local storage). */
    persistVersion: providedAtEdge<{ version: number }>(),
    assignRequest: assign(({ context, event }) => ({
      request:
        event.type === 'page.changed'
          ? { page: event.page, culture: event.culture, clientId: event.clientId }
          : context.request,
    })),
    rememberVersion: assign((_, version: number) => ({ version })),
    activateCatalogue: assign(({ context }, builtInLabels: LabelTexts) => ({
      activeCulture: context.request.culture,
      builtInLabels,
    })),
    rememberLoaded: assign(({ context }, resources: AggregatedResources) => ({
      loaded: { key: requestKeyOf(context.request), version: context.version },
      lists: resources.lists,
      settings: resources.settings,
      labels: resources.labels,
      allowsSignUp: resources.allowsSignUp,
      theme: resources.theme,
    })),
    /** Hands a failure to the notifications singleton, which shows and logs it (spec §8). */
    reportFailure: sendTo(
      ({ context }) => context.ports.notifications,
      (_, { error }: { error: unknown }): NotificationsEvent => ({
        type: 'error.report',
        error,
        action: 'resources.load',
      }),
    ),
  },
}).createMachine({
  id: 'resources',
  context: ({ input }) => ({
    request: { page: undefined, culture: 'en-us', clientId: undefined },
    activeCulture: undefined,
    version: initialVersion(input.today, input.storedVersion),
    loaded: undefined,
    lists: {},
    settings: {},
    builtInLabels: {},
    labels: {},
    allowsSignUp: false,
    theme: null,
    ports: input.ports,
  }),
  initial: 'waitingForPage',
  invoke: { id: 'watchWindowFocus', src: 'watchWindowFocus' },
  on: {
    // Every page change re-checks the version; a change of culture first switches the built-in catalogue. A page
    // whose texts are not loaded is loaded under the version known meanwhile, beside the check, not after it (one
    // round trip less before the page reads right); a newer version then loads it again.
    // Leaving a busy state for the same target restarts its request, so an outdated answer is never applied.
    'page.changed': [
      { guard: 'isCultureInactive', actions: 'assignRequest', target: '.activatingCulture' },
      { guard: 'isPageMissing', actions: 'assignRequest', target: '.checkingAndLoading' },
      { actions: 'assignRequest', target: '.checkingVersion' },
    ],
  },
  states: {
    waitingForPage: {},
    activatingCulture: {
      tags: 'busy',
      invoke: {
        id: 'activateCulture',
        src: 'activateCulture',
        input: ({ context }) => ({ culture: context.request.culture }),
        onDone: [
          {
            guard: 'isPageMissing',
            target: 'checkingAndLoading',
            actions: { type: 'activateCatalogue', params: ({ event }) => event.output },
          },
          { target: 'checkingVersion', actions: { type: 'activateCatalogue', params: ({ event }) => event.output } },
        ],
        onError: [
          {
            guard: { type: 'isReportable', params: ({ event }) => ({ error: event.error }) },
            target: 'checkingVersion',
            actions: { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'checkingVersion' },
        ],
      },
    },
    checkingVersion: {
      tags: 'busy',
      invoke: {
        ...fetchVersionCall,
        onDone: [loadUnderNewerVersion('loading'), { guard: 'isPageMissing', target: 'loading' }, { target: 'idle' }],
        // Without the server's version the page still needs its texts; the load reports its own failure.
        onError: [
          { guard: 'isPageMissing', target: 'loading' },
          {
            guard: { type: 'isReportable', params: ({ event }) => ({ error: event.error }) },
            target: 'idle',
            actions: { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'idle' },
        ],
      },
    },
    /** A page not loaded yet: its texts are asked for under the version known now, while the version is checked. */
    checkingAndLoading: {
      tags: 'busy',
      type: 'parallel',
      states: {
        version: {
          initial: 'checking',
          states: {
            checking: {
              invoke: {
                ...fetchVersionCall,
                onDone: [
                  // The texts asked for meanwhile may be older: they are asked for again under this version.
                  loadUnderNewerVersion('#resources.loading'),
                  { target: 'checked' },
                ],
                // The page's own load goes on and reports its own failure, as after a failed check.
                onError: { target: 'checked' },
              },
            },
            checked: { type: 'final' },
          },
        },
        texts: {
          initial: 'loading',
          states: {
            loading: { invoke: loadTexts('loaded') },
            loaded: { type: 'final' },
          },
        },
      },
      onDone: 'idle',
    },
    loading: { tags: 'busy', invoke: loadTexts('idle') },
    /** Settled: the page shows the texts it has. */
    idle: {
      on: {
        'window.focused': 'checkingVersion',
        'connection.back': 'checkingVersion',
        'texts.changed': 'checkingVersion',
      },
    },
  },
});
