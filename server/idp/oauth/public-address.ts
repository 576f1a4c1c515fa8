import type { IncomingMessage } from 'node:http';

/**
 * Makes a request say, to oidc-provider, that it arrived at the issuer's own origin from `clientIp`. oidc-provider
 * builds every URL it answers with — discovery's endpoints, the authorize redirect to the interaction, the logout
 * form's action, `Location`s — from Koa's `ctx.href`, which is the request's Host (or X-Forwarded-Host with
 * `provider.proxy`). The issuer is `{PUBLIC_URL}/oauth2/default` whatever address the request came in by (the dev
 * server's proxy with `changeOrigin`, a reverse proxy that rewrites Host, `127.0.0.1` for `localhost`), so the
 * provider runs with `proxy = true` and these headers are always ours, never the client's: the issuer's host and
 * scheme, and the address Fastify resolved under TRUST_PROXY (`request.ip`). With https in PUBLIC_URL the provider's
 * cookies are `Secure` even when TLS ends at a proxy.
 */
export function addressAsIssuer(req: IncomingMessage, issuer: URL, clientIp: string): void {
  req.headers['x-forwarded-host'] = issuer.host;
  req.headers['x-forwarded-proto'] = issuer.protocol.slice(0, -1);
  req.headers['x-forwarded-for'] = clientIp;
}
