import { createHash, randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';

/** Who the next upstream sign-in is, and how the upstream misbehaves (to prove each refusal). */
export interface UpstreamPerson {
  sub: string;
  email: string;
  emailVerified: boolean;
  givenName?: string;
  familyName?: string;
}
export type UpstreamFault = 'none' | 'wrongIssuer' | 'badSignature' | 'wrongAudience' | 'expired';

export interface TestUpstream {
  issuer: string;
  clientId: string;
  clientSecret: string;
  next: { person: UpstreamPerson; fault: UpstreamFault };
  close(): Promise<void>;
}

const b64url = (buffer: Buffer) => buffer.toString('base64url');

/**
 * An upstream OpenID provider for the federation tests, served on 127.0.0.1 by a few honest endpoints: discovery,
 * JWKS, an authorization endpoint that signs in `next.person` at once, and a token endpoint that checks the client's
 * secret, the PKCE verifier and that a code is used once, and signs an RS256 ID token (or a faulty one, per `fault`).
 */
export async function startUpstream(): Promise<TestUpstream> {
  const app: FastifyInstance = Fastify({ logger: false });
  const key = await generateKeyPair('RS256', { extractable: true });
  const stranger = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(key.publicKey)), kid: 'upstream-1', alg: 'RS256', use: 'sig' };
  const codes = new Map<string, { challenge: string; nonce: string; redirectUri: string; used: boolean }>();
  const upstream: TestUpstream = {
    issuer: '',
    clientId: 'gatehouse-federation',
    clientSecret: b64url(randomBytes(24)),
    next: { person: { sub: 'sub-1', email: 'ann@initech.test', emailVerified: true }, fault: 'none' },
    close: () => app.close(),
  };
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  app.get('/.well-known/openid-configuration', () => ({
    issuer: upstream.issuer,
    authorization_endpoint: `${upstream.issuer}/authorize`,
    token_endpoint: `${upstream.issuer}/token`,
    jwks_uri: `${upstream.issuer}/jwks`,
    response_types_supported: ['code'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['client_secret_basic'],
  }));
  app.get('/jwks', () => ({ keys: [jwk] }));
  app.get('/authorize', (request, reply) => {
    const q = request.query as Record<string, string>;
    if (q.client_id !== upstream.clientId || q.code_challenge_method !== 'S256' || !q.state || !q.nonce)
      return reply.status(400).send({ error: 'invalid_request' });
    const code = b64url(randomBytes(16));
    codes.set(code, {
      challenge: q.code_challenge ?? '',
      nonce: q.nonce,
      redirectUri: q.redirect_uri ?? '',
      used: false,
    });
    const back = new URL(q.redirect_uri ?? '');
    back.searchParams.set('code', code);
    back.searchParams.set('state', q.state);
    back.searchParams.set('iss', upstream.issuer);
    return reply.redirect(back.href, 302);
  });
  app.post('/token', async (request, reply) => {
    const form = request.body as Record<string, string>;
    const basic = Buffer.from((request.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString();
    const [id, secret] = basic.split(':').map((part) => decodeURIComponent(part));
    if (id !== upstream.clientId || secret !== upstream.clientSecret)
      return reply.status(401).send({ error: 'invalid_client' });
    const grant = codes.get(form.code ?? '');
    const challenge = b64url(
      createHash('sha256')
        .update(form.code_verifier ?? '')
        .digest(),
    );
    if (grant === undefined || grant.used || grant.challenge !== challenge || grant.redirectUri !== form.redirect_uri)
      return reply.status(400).send({ error: 'invalid_grant' });
    grant.used = true;
    const { person, fault } = upstream.next;
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({
      nonce: grant.nonce,
      email: person.email,
      email_verified: person.emailVerified,
      ...(person.givenName === undefined ? {} : { given_name: person.givenName }),
      ...(person.familyName === undefined ? {} : { family_name: person.familyName }),
    })
      .setProtectedHeader({ alg: 'RS256', kid: 'upstream-1' })
      .setIssuer(fault === 'wrongIssuer' ? 'https://impostor.test' : upstream.issuer)
      .setAudience(fault === 'wrongAudience' ? 'someone-else' : upstream.clientId)
      .setSubject(person.sub)
      .setIssuedAt(fault === 'expired' ? now - 7200 : now)
      .setExpirationTime(fault === 'expired' ? now - 3600 : now + 300)
      .sign(fault === 'badSignature' ? stranger.privateKey : key.privateKey);
    return { access_token: b64url(randomBytes(16)), token_type: 'Bearer', expires_in: 300, id_token: token };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no upstream address');
  upstream.issuer = `http://127.0.0.1:${address.port}`;
  return upstream;
}
