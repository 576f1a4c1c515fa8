import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { escapeHtml } from '../demo-apps/page';
import { addressAsIssuer } from '../idp/oauth/public-address';
import { runHijacked, sendRawJson } from '../idp/oauth/raw-reply';
import { replayedRequest } from '../idp/oauth/replayed-request';
import { DEMO_UPSTREAM_PASSWORD, demoUpstreamPeople, upstreamPersonByEmail } from './people';
import { createDemoUpstream, DEMO_UPSTREAM_NAME, DEMO_UPSTREAM_PATH } from './provider';

/** The form's fields, a body this small is all the sign-in page ever posts. */
const BODY_LIMIT = 16 * 1024;

/**
 * The demo upstream's sign-in page: clearly a stand-in (the outside identity provider a real client would have),
 * listing its people and the demo password, as the login page's Demo accounts panel does for Gatehouse's own people.
 * Plain English, like the other stand-ins Gatehouse serves only in demo mode (`/demo-apps/{alias}`, `/dev/outbox`).
 */
export function renderUpstreamSignIn(uid: string, { email = '', refused = false } = {}): string {
  const people = demoUpstreamPeople
    .map((p) => `<li><code>${escapeHtml(p.email)}</code> (${escapeHtml(`${p.givenName} ${p.familyName}`)})</li>`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in · ${DEMO_UPSTREAM_NAME} (demo identity provider)</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:28rem;padding:0 1rem}label{display:block;margin:.75rem 0 .25rem}input{width:100%;padding:.4rem;box-sizing:border-box}button{margin-top:1rem;padding:.5rem 1.5rem}.note{background:#fef3c7;border:1px solid #f59e0b;padding:.5rem .75rem}.error{color:#b91c1c}</style></head>
<body><p class="note"><strong>Demo identity provider.</strong> Gatehouse serves this stand-in for Initech’s own sign-in service
only with the demo world (<code>DEMO_DATA</code>); a real client’s people would sign in at their company’s provider here.</p>
<h1>${DEMO_UPSTREAM_NAME}</h1>
${refused ? '<p class="error" role="alert">Unknown e-mail address or wrong password.</p>' : ''}
<form method="post" action="${DEMO_UPSTREAM_PATH}/interaction/${escapeHtml(uid)}">
<label for="email">E-mail address</label><input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}">
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>
<h2>Initech Workforce people</h2><ul>${people}</ul>
<p>Password: <code>${escapeHtml(DEMO_UPSTREAM_PASSWORD)}</code></p>
</body></html>
`;
}

/**
 * Serves the demo upstream (./provider.ts) under {@link DEMO_UPSTREAM_PATH} — only with the demo world and the
 * embedded IdP (server/app.ts); without DEMO_DATA nothing answers there. Like the embedded IdP's routes
 * (server/idp/oauth/routes.ts), Fastify keeps bodies as text, steps aside, and hands oidc-provider the request with
 * the mount path stripped and the public address as the forwarded one. Its sign-in page is two routes of its own.
 */
export async function demoUpstreamRoutes(
  app: FastifyInstance,
  { publicUrl, serverSecret }: { publicUrl: string; serverSecret: Buffer },
): Promise<void> {
  const provider: Provider = createDemoUpstream(publicUrl, serverSecret);
  const issuer = new URL(`${publicUrl}${DEMO_UPSTREAM_PATH}`);
  const callback = provider.callback();
  await app.register((scope, _options, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'application/json'],
      { parseAs: 'string', bodyLimit: BODY_LIMIT },
      (_request, body, parsed) => {
        parsed(null, body);
      },
    );
    scope.addContentTypeParser('*', (_request, _payload, parsed) => {
      parsed(null, undefined);
    });
    const asIssuer = (request: FastifyRequest, raw: IncomingMessage) => {
      addressAsIssuer(raw, issuer, request.ip);
      return raw;
    };
    const toProvider = (request: FastifyRequest, reply: FastifyReply) =>
      runHijacked(request, reply, async (raw, res) => {
        const req = typeof request.body === 'string' ? replayedRequest(raw, request.body) : raw;
        asIssuer(request, req);
        const mounted = req as IncomingMessage & { originalUrl?: string; baseUrl?: string };
        const url = mounted.url ?? '/';
        mounted.originalUrl = url;
        mounted.baseUrl = DEMO_UPSTREAM_PATH;
        mounted.url = url.slice(DEMO_UPSTREAM_PATH.length) || '/';
        await callback(mounted, res);
      });
    scope.all(`${DEMO_UPSTREAM_PATH}/*`, toProvider);

    // The sign-in page of an interaction (oidc-provider's `interactions.url`).
    scope.get<{ Params: { uid: string } }>(`${DEMO_UPSTREAM_PATH}/interaction/:uid`, (request, reply) =>
      runHijacked(request, reply, async (raw, res) => {
        const details = await provider.interactionDetails(asIssuer(request, raw), res).catch(() => undefined);
        if (details === undefined || details.uid !== request.params.uid) {
          sendRawJson(res, 400, { error: 'invalid_request', error_description: 'interaction session not found' });
          return;
        }
        res.statusCode = 200;
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.setHeader('Cache-Control', 'no-store');
        res.end(renderUpstreamSignIn(details.uid));
      }),
    );
    // The form's answer: a known person and the demo password end the interaction signed in; anything else shows
    // the page again with one refusal that names neither which part was wrong nor who exists.
    scope.post<{ Params: { uid: string } }>(`${DEMO_UPSTREAM_PATH}/interaction/:uid`, (request, reply) =>
      runHijacked(request, reply, async (raw, res) => {
        const req = asIssuer(request, raw);
        const details = await provider.interactionDetails(req, res).catch(() => undefined);
        if (details === undefined || details.uid !== request.params.uid) {
          sendRawJson(res, 400, { error: 'invalid_request', error_description: 'interaction session not found' });
          return;
        }
        const form = new URLSearchParams(typeof request.body === 'string' ? request.body : '');
        const email = form.get('email') ?? '';
        const person = upstreamPersonByEmail(email);
        if (person === undefined || form.get('password') !== DEMO_UPSTREAM_PASSWORD) {
          res.statusCode = 200;
          res.setHeader('Content-Type', 'text/html; charset=utf-8');
          res.setHeader('Cache-Control', 'no-store');
          res.end(renderUpstreamSignIn(details.uid, { email, refused: true }));
          return;
        }
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: person.sub } },
          { mergeWithLastSubmission: false },
        );
      }),
    );
    done();
  });
}
