import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { Db } from '../../db/client';
import { allowTrustedOrigin, preflight } from '../cors';
import {
  formBody,
  introspectJwt,
  readClientForm,
  revokeJwt,
  userinfoHandler,
  type JwtBranchAnswer,
  type JwtEndpointsOptions,
} from './jwt-endpoints';
import { refreshFormWithoutOfflineScope } from './offline-scope';
import { oktaRoutes } from './provider';
import { runHijacked } from './raw-reply';
import { replayedRequest } from './replayed-request';
import { interactionHandler } from './session-token';
import { CALLBACK_PATH, callbackHandler, type FederationContext } from '../federation/flow';
import { acsHandler, spMetadataHandler } from '../federation/saml';
import { SAML_SP_PATH } from '../federation/saml-metadata';
import { addressAsIssuer } from './public-address';

export interface OAuthRoutesOptions {
  db: Db;
  provider: Provider;
  /** `{PUBLIC_URL}/oauth2/default`: its origin is the one every URL the provider answers with is built on. */
  issuer: URL;
  jwt: JwtEndpointsOptions;
  trustedOrigins: ReadonlySet<string>;
  /** What the federated sign-in needs (server/idp/federation/flow.ts). */
  federation: Omit<FederationContext, 'db' | 'provider' | 'issuer'>;
}

/** oidc-provider's own limit for request bodies. */
const BODY_LIMIT = 56 * 1024;

/**
 * Everything under the issuer's path, in an encapsulated Fastify scope. oidc-provider is a Koa app: Fastify keeps
 * OAuth bodies as the raw text (oidc-provider parses them itself, from a stream: `replayedRequest`), steps
 * aside (`hijack`), and hands the request — with the mount path stripped, as Express would mount it — to
 * `provider.callback()`. Hijacked replies skip Fastify's onSend hooks, so nothing writes headers afterwards.
 */
export function oauthRoutes(scope: FastifyInstance, options: OAuthRoutesOptions): void {
  const { db, provider, issuer, jwt, trustedOrigins } = options;
  const federation: FederationContext = { ...options.federation, db, provider, issuer: issuer.href.replace(/\/$/, '') };
  const mountPath = issuer.pathname;
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'application/json'],
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (_request, body, done) => {
      done(null, body);
    },
  );
  // Any other body is left unread for oidc-provider, which answers it with its own invalid_request.
  scope.addContentTypeParser('*', (_request, _payload, done) => {
    done(null, undefined);
  });

  const callback = provider.callback();
  const toProvider = (request: FastifyRequest, reply: FastifyReply, body: string | undefined) =>
    runHijacked(request, reply, async (raw, res) => {
      const req = body === undefined ? raw : replayedRequest(raw, body);
      addressAsIssuer(req, issuer, request.ip);
      const mounted = req as IncomingMessage & { originalUrl?: string; baseUrl?: string };
      const url = mounted.url ?? '/';
      mounted.originalUrl = url;
      // oidc-provider derives its mount path from originalUrl minus url, or else from baseUrl. A middleware that
      // rewrites the query (sessionToken) breaks the first, so the second is set too.
      mounted.baseUrl = mountPath;
      mounted.url = url.slice(mountPath.length) || '/';
      await callback(mounted, res);
    });
  const bodyText = (request: FastifyRequest) => (typeof request.body === 'string' ? request.body : undefined);

  scope.all(`${mountPath}/*`, (request, reply) => toProvider(request, reply, bodyText(request)));
  scope.post(`${mountPath}${oktaRoutes.token}`, (request, reply) =>
    toProvider(request, reply, refreshFormWithoutOfflineScope(bodyText(request))),
  );
  const interaction = interactionHandler(provider, db, federation);
  scope.get(`${mountPath}${CALLBACK_PATH}`, callbackHandler(federation));
  // SAML 2.0 federation: the service provider's metadata and its ACS (HTTP-POST binding, a form body read as text).
  scope.get(`${SAML_SP_PATH}/:id/metadata`, spMetadataHandler(federation));
  scope.post(`${SAML_SP_PATH}/:id/acs`, acsHandler(federation));
  scope.get(`${mountPath}/interaction/:uid`, (request, reply) => {
    addressAsIssuer(request.raw, issuer, request.ip);
    return interaction(request, reply);
  });

  const userinfo = userinfoHandler(jwt);
  scope.route({
    method: ['GET', 'POST'],
    url: `${mountPath}${oktaRoutes.userinfo}`,
    handler: (request, reply) => {
      allowTrustedOrigin(request, reply, trustedOrigins, { credentials: false });
      return userinfo(request, reply);
    },
  });
  scope.options(`${mountPath}${oktaRoutes.userinfo}`, preflight(trustedOrigins, 'GET, POST', { credentials: false }));

  const jwtBranch =
    (
      answer: (
        form: Record<string, string>,
        clientId: string | undefined,
        o: JwtEndpointsOptions,
      ) => Promise<JwtBranchAnswer>,
    ) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const { form, clientId } = readClientForm(request);
      const answered = await answer(form, clientId, jwt);
      if (!answered) return toProvider(request, reply, formBody(form));
      allowTrustedOrigin(request, reply, trustedOrigins, { credentials: false });
      reply.status(answered.status).header('cache-control', 'no-store');
      return answered.body === undefined ? reply.send() : reply.send(answered.body);
    };
  scope.post(`${mountPath}${oktaRoutes.revocation}`, jwtBranch(revokeJwt));
  scope.post(`${mountPath}${oktaRoutes.introspection}`, jwtBranch(introspectJwt));
}
