import type { FastifyReply } from 'fastify';
import type * as v from 'valibot';
import type { Culture } from '@contracts/culture';
import { normaliseCulture } from '@contracts/culture';
import { componentsFor } from '@contracts/pages';
import {
  AggregatedByPageQuerySchema,
  AggregatedResourcesSchema,
  AggregatedWithMenuSchema,
  FaqSchema,
  LabelListSchema,
  ListsSchema,
  MenuSchema,
  ResourceVersionSchema,
  SettingsSchema,
  SiteProfileSchema,
  ThemeSchema,
} from '@contracts/resources';
import { SignQuestionListSchema } from '@contracts/profile-form';
import type { ClientAssetKind } from '../../db/schema';
import { sendJson } from '../../http/json';
import { notFound } from '../../http/problem';
import { defineArea } from '../area';
import { SECURITY_QUESTIONS_LIST } from '../instance/boundary';
import { readAggregated } from './aggregated';
import { AnswerCache } from './answer-cache';
import { providerClientId, readFaq } from './faq';
import { PORTAL_MARK, readImage } from './images';
import { withInspectorEntry } from './inspector-entry';
import { readLabels } from './labels';
import { readLists } from './lists';
import { readMenu } from './menus';
import {
  DASHBOARD_COMPONENTS,
  DASHBOARD_MENU_SECTION,
  knownView,
  LAYOUT_COMPONENTS,
  LOGIN_COMPONENTS,
  readWithMenu,
} from './page-bundles';
import type { ResourceScope } from './scope';
import { readSettings } from './settings';
import { readSiteProfile } from './site-profile';

/** Site-profile lookups one address may make a minute (per process until REDIS_URL shares counters). */
export const SITE_CONFIGURATION_PER_MINUTE = 300;
import { readTheme } from './theme';
import {
  ClientQuerySchema,
  CultureQuerySchema,
  ListsQuerySchema,
  LogoQuerySchema,
  MenusQuerySchema,
  ProfileLogoQuerySchema,
  SiteConfigurationQuerySchema,
  ViewParamsSchema,
} from './query-params';

/** Version answers must never be reused: they are how SPAs learn that their cached resources are stale. */
const sendVersion = (reply: FastifyReply, version: number) =>
  reply.header('cache-control', 'no-cache').send({ version });

/** The cache key: what was asked, for whom, under which versions (see AnswerCache). */
const keyOf = (name: string, scope: ResourceScope, ...params: (string | undefined)[]) =>
  [name, scope.globalVersion, scope.clientVersion ?? '-', scope.clientId ?? '-', ...params.map((p) => p ?? '')].join(
    '|',
  );

/** What every cached read may name: whose resources, in which culture. */
type ScopedQuery = { clientId?: string | undefined; culture?: string | undefined };

const version = { schema: { response: { 200: ResourceVersionSchema } } };

/**
 * Reads of spec public-and-profile §7 "Resources", mounted under /api/v1/resource (case-insensitive). Anonymous: the
 * texts and settings every page needs, before and after sign-in. (Their edits are the resource-edit area.)
 */
export const resourcesArea = defineArea({
  name: 'resources',
  prefix: '/api/v1/resource',
  guard: 'public',
  routes: (app, { db, scopes, config }) => {
    const { providerPrefix, usernameRule } = config;
    const cache = new AnswerCache();
    const scopeOf = (clientRef: string | undefined) => scopes.read(clientRef);

    app.get('/GetResourceVersion', version, async (_request, reply) =>
      sendVersion(reply, (await scopeOf(undefined)).globalVersion),
    );

    app.get(
      '/GetResourceVersionPerClient',
      { schema: { querystring: ClientQuerySchema, response: { 200: ResourceVersionSchema } } },
      async (request, reply) => sendVersion(reply, (await scopeOf(request.query.clientId)).version),
    );

    /**
     * One cached read: the caller's scope and culture, what was asked (`params`, part of the key), the answer computed
     * once per key through its contract and sent as the stored JSON.
     */
    function cachedGet<TQuery extends v.GenericSchema<unknown, ScopedQuery>>(
      path: string,
      query: TQuery,
      answer: v.GenericSchema,
      params: (query: v.InferOutput<TQuery>) => (string | undefined)[],
      read: (asked: { query: v.InferOutput<TQuery>; scope: ResourceScope; culture: Culture }) => Promise<unknown>,
      /** Whose resources a request that names no client reads; the global ones when undefined. */
      unnamedClient: () => Promise<string | undefined> = () => Promise.resolve(undefined),
    ) {
      app.get(path, { schema: { querystring: query, response: { 200: answer } } }, async (request, reply) => {
        // The route's own querystring schema validated this before the handler runs.
        const asked = request.query as v.InferOutput<TQuery>;
        const scope = await scopeOf(asked.clientId ?? (await unnamedClient()));
        const culture = normaliseCulture(asked.culture);
        const key = keyOf(path, scope, culture, ...params(asked));
        return sendJson(reply, await cache.getOrCompute(key, answer, () => read({ query: asked, scope, culture })));
      });
    }

    cachedGet(
      '/labels',
      AggregatedByPageQuerySchema,
      LabelListSchema,
      (query) => [query.components],
      ({ query, scope, culture }) =>
        readLabels(db, { components: query.components.split(','), culture, clientId: scope.clientId }),
    );
    cachedGet(
      '/aggregatedByPage',
      AggregatedByPageQuerySchema,
      AggregatedResourcesSchema,
      (query) => [query.components],
      ({ query, scope, culture }) => readAggregated(db, { scope, components: query.components.split(','), culture }),
    );
    cachedGet(
      '/lists',
      ListsQuerySchema,
      ListsSchema,
      (query) => [query.names],
      ({ query, scope, culture }) =>
        readLists(db, {
          culture,
          clientId: scope.clientId,
          ...(query.names === undefined ? {} : { names: query.names.split(',') }),
        }),
    );
    /** Every menu answer, alone or in a bundle, gets the flow inspector's entry when the inspector is on. */
    const decorateMenu = (culture: Culture) => (menu: Awaited<ReturnType<typeof readMenu>>) =>
      config.inspector ? withInspectorEntry(menu, culture) : menu;
    cachedGet(
      '/menus',
      MenusQuerySchema,
      MenuSchema,
      (query) => [query.menuSection],
      async ({ query, scope, culture }) =>
        decorateMenu(culture)(await readMenu(db, { section: query.menuSection, culture, clientId: scope.clientId })),
    );

    // The spec's named bundles (§7 "Resources"): what the login page, a view, the layout and the dashboard load, each
    // `aggregatedByPage` of fixed components (server/api/resources/page-bundles.ts).
    cachedGet(
      '/login',
      CultureQuerySchema,
      AggregatedResourcesSchema,
      () => [],
      ({ scope, culture }) => readAggregated(db, { scope, components: LOGIN_COMPONENTS, culture }),
    );
    cachedGet(
      '/aggregatedResources',
      MenusQuerySchema,
      AggregatedWithMenuSchema,
      (query) => [query.menuSection],
      ({ query, scope, culture }) =>
        readWithMenu(db, {
          scope,
          components: LAYOUT_COMPONENTS,
          culture,
          menuSection: query.menuSection,
          decorateMenu: decorateMenu(culture),
        }),
    );
    cachedGet(
      '/dashboardAggregatedResources',
      CultureQuerySchema,
      AggregatedWithMenuSchema,
      () => [],
      ({ scope, culture }) =>
        readWithMenu(db, {
          scope,
          components: DASHBOARD_COMPONENTS,
          culture,
          menuSection: DASHBOARD_MENU_SECTION,
          decorateMenu: decorateMenu(culture),
        }),
    );
    // The portal list by client and culture (public-and-profile §7, admin-and-board §7; the spec shows no path): every
    // list of the portal, each taken whole from the best level, as `lists` without `names` answers them.
    cachedGet(
      '/portalList',
      CultureQuerySchema,
      ListsSchema,
      () => [],
      ({ scope, culture }) => readLists(db, { culture, clientId: scope.clientId }),
    );

    // `resource/{view}?v`: one page's resources (Global and the page's components, by page key), as the page loads
    // them. Every fixed path of this area wins over this one; a name that is no page key is a 404.
    app.get(
      '/:view',
      {
        schema: {
          params: ViewParamsSchema,
          querystring: CultureQuerySchema,
          response: { 200: AggregatedResourcesSchema },
        },
      },
      async (request, reply) => {
        const view = knownView(request.params.view);
        if (view === undefined) throw notFound('No view has this name.');
        const scope = await scopeOf(request.query.clientId);
        const culture = normaliseCulture(request.query.culture);
        const key = keyOf('/:view', scope, culture, view);
        const components = componentsFor(view);
        return sendJson(
          reply,
          await cache.getOrCompute(key, AggregatedResourcesSchema, () =>
            readAggregated(db, { scope, components, culture }),
          ),
        );
      },
    );
    cachedGet(
      '/settings',
      ClientQuerySchema,
      SettingsSchema,
      () => [],
      ({ scope }) => readSettings(db, scope.clientId),
    );
    // The spec names the FAQ service (GetAllPerClient by client and culture) but not its path; this is it. Without a
    // client it is the provider's help page (`/Faq`, issue 29 §4): the provider client's questions, falling back to
    // the global ones as any client's do.
    cachedGet(
      '/faq',
      CultureQuerySchema,
      FaqSchema,
      () => [],
      ({ scope, culture }) => readFaq(db, { culture, clientId: scope.clientId }),
      async () => (await providerClientId(db, providerPrefix)) ?? undefined,
    );

    // Spec §7 "resource/signQuestions": the security form's questions, sorted without case (§2 "Security form").
    cachedGet(
      '/signQuestions',
      CultureQuerySchema,
      SignQuestionListSchema,
      () => [],
      async ({ scope, culture }) => {
        const lists = await readLists(db, { culture, clientId: scope.clientId, names: [SECURITY_QUESTIONS_LIST] });
        return (lists[SECURITY_QUESTIONS_LIST] ?? [])
          .map((item) => ({ key: item.key, question: item.value }))
          .sort((a, b) => a.question.localeCompare(b.question, culture, { sensitivity: 'base' }));
      },
    );

    app.get(
      '/theme',
      { schema: { querystring: ClientQuerySchema, response: { 200: ThemeSchema } } },
      async (request) => {
        const scope = await scopeOf(request.query.clientId);
        const theme = await readTheme(db, scope.clientId);
        if (theme === null) throw notFound('No theme is configured.');
        return theme;
      },
    );

    app.get(
      '/siteConfiguration',
      {
        schema: { querystring: SiteConfigurationQuerySchema, response: { 200: SiteProfileSchema } },
        // The answer no longer depends on accounts; the limit still keeps it from being a cheap bulk oracle of
        // clients' domains and prefixes, and well above what an office behind one address signs in with.
        config: { rateLimit: { max: SITE_CONFIGURATION_PER_MINUTE, timeWindow: '1 minute' } },
      },
      async (request) => {
        const pageClientId =
          request.query.clientId === undefined ? null : (await scopeOf(request.query.clientId)).clientId;
        const profile = await readSiteProfile(db, request.query.login, providerPrefix, usernameRule, pageClientId);
        if (profile === null) throw notFound('No site profile is configured.');
        return profile;
      },
    );

    async function sendImage(reply: FastifyReply, kind: ClientAssetKind, clientId: string | null) {
      // Neither the client nor the provider has one: the portal's own mark, never a 404 (issue 29 §2).
      const image = (await readImage(db, kind, clientId)) ?? PORTAL_MARK;
      return reply.type(image.contentType).header('cache-control', 'no-cache').send(Buffer.from(image.bytes));
    }

    app.get(
      '/logo',
      { schema: { querystring: LogoQuerySchema }, config: { answer: 'binary' } },
      async (request, reply) => sendImage(reply, 'logo', (await scopeOf(request.query.clientId)).clientId),
    );
    app.get(
      '/loginlogo',
      { schema: { querystring: ClientQuerySchema }, config: { answer: 'binary' } },
      async (request, reply) => sendImage(reply, 'loginlogo', (await scopeOf(request.query.clientId)).clientId),
    );
    // The profile page's logo is the signed-in person's client's, when a valid token came.
    app.get(
      '/profile/logo',
      { schema: { querystring: ProfileLogoQuerySchema }, config: { answer: 'binary' } },
      async (request, reply) => sendImage(reply, 'profilelogo', (await app.identify(request))?.clientId ?? null),
    );
  },
});
