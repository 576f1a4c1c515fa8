import { normaliseCulture } from '@contracts/culture';
import {
  CurrentTermsAnswerSchema,
  PendingTermsSchema,
  TermsAcceptanceSchema,
  TermsCurrentQuerySchema,
  TermsPublishSchema,
  TermsScopeParamsSchema,
  TermsVersionListSchema,
  TermsVersionSchema,
} from '@contracts/terms';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { instances } from '../../db/schema';
import { notFound, unauthorized } from '../../http/problem';
import { defineArea } from '../area';
import { clientIdOrNotFound } from '../resources/scope';
import { actorOf, reachedClientId } from '../support/caller';
import { sendCsv } from '../support/csv';
import { currentTerms, hasAccepted, listVersions } from './queries';
import { acceptancesCsv, assertCurrent, publishTerms, recordAcceptance } from './service';

/**
 * The terms editor's calls (issue 34 item 2; docs/api.md "Terms"): the provider administrator publishes any client's
 * terms, a client administrator only their own client's; another client answers 404, as a missing one. Published
 * versions are never changed, so there is no update and no delete.
 */
export const termsArea = defineArea({
  name: 'terms',
  prefix: '/api/v1',
  guard: 'admin',
  routes: (app, deps) => {
    const { db } = deps;
    const reached = (request: FastifyRequest, clientRef: string) => reachedClientId(deps, request, clientRef);

    app.get(
      '/Terms/:clientId',
      { schema: { params: TermsScopeParamsSchema, response: { 200: TermsVersionListSchema } } },
      async (request, reply) => {
        const clientId = await reached(request, request.params.clientId);
        reply.header('cache-control', 'no-store');
        return listVersions(db, clientId);
      },
    );

    app.post(
      '/Terms/:clientId',
      { schema: { params: TermsScopeParamsSchema, body: TermsPublishSchema, response: { 201: TermsVersionSchema } } },
      async (request, reply) => {
        const clientId = await reached(request, request.params.clientId);
        return reply.status(201).send(await publishTerms(db, clientId, request.body, actorOf(request)));
      },
    );

    app.get(
      '/Terms/:clientId/Acceptances',
      { schema: { params: TermsScopeParamsSchema }, config: { answer: 'binary' } },
      async (request, reply) => {
        const clientId = await reached(request, request.params.clientId);
        return sendCsv(reply, 'terms-acceptances.csv', acceptancesCsv(db, clientId));
      },
    );
  },
});

/**
 * The current terms of a client, before anyone is signed in: the sign-up page shows them. Published texts are public
 * by nature; a client without terms, or no client, answers 404.
 */
export const termsPublicArea = defineArea({
  name: 'terms-public',
  prefix: '/api/v1',
  guard: 'public',
  routes: (app, { db }) => {
    app.get(
      '/Terms/Current/:clientId',
      {
        schema: {
          params: TermsScopeParamsSchema,
          querystring: TermsCurrentQuerySchema,
          response: { 200: CurrentTermsAnswerSchema },
        },
      },
      async (request, reply) => {
        const clientId = await clientIdOrNotFound(db, request.params.clientId);
        reply.header('cache-control', 'no-store');
        return { current: await currentTerms(db, clientId, normaliseCulture(request.query.culture)) };
      },
    );
  },
});

/** The signed-in person's own profile row: the token names it, nothing in the request can name another. */
async function ownPerson(db: Db, userId: string | undefined) {
  if (userId === undefined) throw unauthorized();
  const [person] = await db
    .select({ id: instances.id, clientId: instances.clientId, culture: instances.culture })
    .from(instances)
    .where(eq(instances.id, userId));
  if (person === undefined) throw unauthorized();
  return person;
}

/**
 * The new-terms step after sign-in (machines/terms-acceptance): what the signed-in person still has to accept, and
 * their acceptance. Only the person's own client's current version can be accepted.
 */
export const termsAcceptanceArea = defineArea({
  name: 'terms-acceptance',
  prefix: '/api/v1',
  guard: 'signedIn',
  routes: (app, { db }) => {
    app.get(
      '/profile/terms',
      { schema: { querystring: TermsCurrentQuerySchema, response: { 200: PendingTermsSchema } } },
      async (request, reply) => {
        const person = await ownPerson(db, request.principal?.userId);
        reply.header('cache-control', 'no-store');
        const culture = normaliseCulture(request.query.culture ?? person.culture);
        const terms = await currentTerms(db, person.clientId, culture);
        if (terms === null || (await hasAccepted(db, person.id, terms.number))) return { pending: null };
        return { pending: terms };
      },
    );

    app.post(
      '/profile/terms',
      { schema: { body: TermsAcceptanceSchema }, config: { answer: 'empty' } },
      async (request, reply) => {
        const person = await ownPerson(db, request.principal?.userId);
        await db.transaction(async (tx) => {
          const terms = await currentTerms(tx, person.clientId, request.body.culture);
          if (terms === null) throw notFound('This client has published no terms.');
          assertCurrent(terms.number, request.body, 'body.number');
          await recordAcceptance(
            tx,
            { instanceId: person.id, clientId: person.clientId },
            // The culture of the text the person was shown: the one asked for, or the one the version was written in.
            { number: terms.number, culture: terms.culture },
            request.ip,
          );
        });
        return reply.status(204).send();
      },
    );
  },
});
