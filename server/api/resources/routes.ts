import type { FastifyInstance, FastifyReply } from 'fastify';
import { normaliseCulture } from '@contracts/culture';
import { AggregatedByPageQuerySchema } from '@contracts/resources';
import type { Db } from '../../db/client';
import type { ClientAssetKind } from '../../db/schema';
import { notFound } from '../../http/problem';
import type { ValibotTypeProvider } from '../../http/validation';
import { readAggregated } from './aggregated';
import { AnswerCache } from './answer-cache';
import { readFaq } from './faq';
import { readImage } from './images';
import { readLabels } from './labels';
import { readLists } from './lists';
import { readMenu } from './menus';
import type { ResourceScope, ScopeReader } from './scope';
import { readSettings } from './settings';
import { readSiteProfile, type SiteUsernameRule } from './site-profile';
import { readTheme } from './theme';
import {
  ClientQuerySchema,
  CultureQuerySchema,
  ListsQuerySchema,
  LogoQuerySchema,
  MenusQuerySchema,
  ProfileLogoQuerySchema,
  SiteConfigurationQuerySchema,
} from './query-params';

const sendJson = (reply: FastifyReply, json: string) => reply.type('application/json; charset=utf-8').send(json);

/** Version answers must never be reused: they are how SPAs learn that their cached resources are stale. */
const sendVersion = (reply: FastifyReply, version: number) =>
  reply.header('cache-control', 'no-cache').send({ version });

/** The cache key: what was asked, for whom, under which versions (see AnswerCache). */
const keyOf = (name: string, scope: ResourceScope, ...params: (string | undefined)[]) =>
  [name, scope.globalVersion, scope.clientVersion ?? '-', scope.clientId ?? '-', ...params.map((p) => p ?? '')].join(
    '|',
  );

/** Reads of spec public-and-profile §7 "Resources", mounted under /api/v1/resource (case-insensitive). Anonymous. */
export function resourceReadRoutes(
  parent: FastifyInstance,
  {
    db,
    scopes,
    providerPrefix,
    usernameRule,
  }: { db: Db; scopes: ScopeReader; providerPrefix: string; usernameRule: SiteUsernameRule },
): void {
  const app = parent.withTypeProvider<ValibotTypeProvider>();
  const cache = new AnswerCache();
  const scopeOf = (clientRef: string | undefined) => scopes.read(clientRef);

  app.get('/GetResourceVersion', async (_request, reply) =>
    sendVersion(reply, (await scopeOf(undefined)).globalVersion),
  );

  app.get('/GetResourceVersionPerClient', { schema: { querystring: ClientQuerySchema } }, async (request, reply) =>
    sendVersion(reply, (await scopeOf(request.query.clientId)).version),
  );

  app.get('/labels', { schema: { querystring: AggregatedByPageQuerySchema } }, async (request, reply) => {
    const scope = await scopeOf(request.query.clientId);
    const culture = normaliseCulture(request.query.culture);
    const components = request.query.components.split(',');
    return sendJson(
      reply,
      await cache.getOrCompute(keyOf('labels', scope, culture, request.query.components), () =>
        readLabels(db, { components, culture, clientId: scope.clientId }),
      ),
    );
  });

  app.get('/aggregatedByPage', { schema: { querystring: AggregatedByPageQuerySchema } }, async (request, reply) => {
    const scope = await scopeOf(request.query.clientId);
    const culture = normaliseCulture(request.query.culture);
    const components = request.query.components.split(',');
    return sendJson(
      reply,
      await cache.getOrCompute(keyOf('aggregated', scope, culture, request.query.components), () =>
        readAggregated(db, { scope, components, culture }),
      ),
    );
  });

  app.get('/lists', { schema: { querystring: ListsQuerySchema } }, async (request, reply) => {
    const scope = await scopeOf(request.query.clientId);
    const culture = normaliseCulture(request.query.culture);
    const { names } = request.query;
    return sendJson(
      reply,
      await cache.getOrCompute(keyOf('lists', scope, culture, names), () =>
        readLists(db, {
          culture,
          clientId: scope.clientId,
          ...(names === undefined ? {} : { names: names.split(',') }),
        }),
      ),
    );
  });

  app.get('/menus', { schema: { querystring: MenusQuerySchema } }, async (request, reply) => {
    const scope = await scopeOf(request.query.clientId);
    const culture = normaliseCulture(request.query.culture);
    const section = request.query.menuSection;
    return sendJson(
      reply,
      await cache.getOrCompute(keyOf('menus', scope, culture, section), () =>
        readMenu(db, { section, culture, clientId: scope.clientId }),
      ),
    );
  });

  app.get('/settings', { schema: { querystring: ClientQuerySchema } }, async (request, reply) => {
    const scope = await scopeOf(request.query.clientId);
    return sendJson(reply, await cache.getOrCompute(keyOf('settings', scope), () => readSettings(db, scope.clientId)));
  });

  // The spec names the FAQ service (GetAllPerClient by client and culture) but not its path; this is it.
  app.get('/faq', { schema: { querystring: CultureQuerySchema } }, async (request, reply) => {
    const scope = await scopeOf(request.query.clientId);
    const culture = normaliseCulture(request.query.culture);
    return sendJson(
      reply,
      await cache.getOrCompute(keyOf('faq', scope, culture), () => readFaq(db, { culture, clientId: scope.clientId })),
    );
  });

  app.get('/theme', { schema: { querystring: ClientQuerySchema } }, async (request) => {
    const scope = await scopeOf(request.query.clientId);
    const theme = await readTheme(db, scope.clientId);
    if (theme === null) throw notFound('No theme is configured.');
    return theme;
  });

  app.get('/siteConfiguration', { schema: { querystring: SiteConfigurationQuerySchema } }, async (request) => {
    const profile = await readSiteProfile(db, request.query.login, providerPrefix, usernameRule);
    if (profile === null) throw notFound('No site profile is configured.');
    return profile;
  });

  async function sendImage(reply: FastifyReply, kind: ClientAssetKind, clientId: string | null) {
    const image = await readImage(db, kind, clientId);
    if (image === null) throw notFound('No image of this kind is configured.');
    return reply.type(image.contentType).header('cache-control', 'no-cache').send(Buffer.from(image.bytes));
  }

  app.get('/logo', { schema: { querystring: LogoQuerySchema } }, async (request, reply) =>
    sendImage(reply, 'logo', (await scopeOf(request.query.clientId)).clientId),
  );
  app.get('/loginlogo', { schema: { querystring: ClientQuerySchema } }, async (request, reply) =>
    sendImage(reply, 'loginlogo', (await scopeOf(request.query.clientId)).clientId),
  );
  // The profile page's logo is the signed-in person's client's, when a valid token came.
  app.get('/profile/logo', { schema: { querystring: ProfileLogoQuerySchema } }, async (request, reply) =>
    sendImage(reply, 'profilelogo', (await app.identify(request))?.clientId ?? null),
  );
}
