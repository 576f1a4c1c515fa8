import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { IdentityProvider } from '../auth/identity-provider';
import { portalGuardRank, type PortalGuard } from '../auth/guards';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { ValibotTypeProvider } from '../http/validation';
import type { ScopeReader } from './resources/scope';
import type { ListCache } from './support/list-cache';
import type { CaptchaPort } from '../captcha/port';
import type { AltchaCaptcha } from '../captcha/altcha';
import type { AttemptCounter } from '../idp/rate-limit';
import type { Mailer } from '../mail/mailer';
import type { SignUpLimits } from './sign-up/service';
import type { PasswordResetLimits } from './password-reset/limits';

/** The typed Fastify scope an area declares its routes on (request and answer types come from the contracts). */
export type AreaApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ValibotTypeProvider
>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A route whose answer is not a JSON contract says what it sends instead: nothing (`empty`, a 204) or bytes
     * (`binary`, an image). Every other route of an area declares `schema.response`.
     */
    answer?: 'empty' | 'binary';
  }
}

/** What the areas are built from: one set for all of them, each takes what it needs. */
export interface ApiDeps {
  db: Db;
  config: Config;
  identity: IdentityProvider;
  /** Resource scopes (client and versions), remembered on PGlite until the next write request. */
  scopes: ScopeReader;
  /** The provider administrator's catalogue lists, remembered until the next write request (see ListCache). */
  lists: ListCache;
  /** reCAPTCHA v3 or ALTCHA (server/captcha); `altcha` is the latter's challenge maker, null with reCAPTCHA. */
  captcha: CaptchaPort & { altcha: AltchaCaptcha | null };
  /** The portal's mail (SMTP or the outbox). */
  mailer: Mailer;
  /** Sign-up's rate limits and the counter they are kept in (`portal_rate_limits`). */
  signUp: { counter: AttemptCounter; limits: SignUpLimits };
  /** The one-time-code reset's rate limits, kept in the same counter table, and the codes' HMAC key. */
  passwordReset: { counter: AttemptCounter; limits: PasswordResetLimits; codeKey: Buffer };
  /** The key invitations' `st` tokens are sealed under (derived from the server secret). */
  invitations: { key: Buffer };
  /** One-time link tokens: the key they are hashed and sealed under, and the counter of their rate limit. */
  otpTokens: { counter: AttemptCounter; key: Buffer };
}

/**
 * One portal API area (server/api/<area>/): where it is mounted, who may call it — declared once, here — and its
 * routes. `routes` gets the area's scope and the area's dependencies; a route may narrow the guard for itself with
 * `config: { guard }` (a client administrator may read what only the provider administrator may change), never widen it.
 */
export interface ApiArea {
  name: string;
  /** Mount point, e.g. `/api/v1` or `/api/v1/resource`. */
  prefix: `/api/${string}`;
  guard: PortalGuard;
  routes: (app: AreaApp, deps: ApiDeps) => void;
}

export const defineArea = (area: ApiArea): ApiArea => area;

/**
 * Registers an area in its own encapsulated scope. Every route gets the area's guard (or its own narrower one) on its
 * config, where the auth hook enforces it (server/auth/authenticate.ts); a route that would widen the guard, or that
 * declares no answer contract, stops the app from starting.
 */
export function registerArea(parent: FastifyInstance, area: ApiArea, deps: ApiDeps): void {
  void parent.register(
    (scope, _options, done) => {
      scope.addHook('onRoute', (route) => {
        const where = `${String(route.method)} ${route.url} (area ${area.name})`;
        const own = route.config?.guard;
        if (
          own !== undefined &&
          (!(own in portalGuardRank) || portalGuardRank[own as PortalGuard] < portalGuardRank[area.guard])
        )
          throw new Error(`${where} declares the guard ${own}, wider than its area's ${area.guard}`);
        route.config = { ...route.config, guard: own ?? area.guard };
        if (route.schema?.response === undefined && route.config.answer === undefined)
          throw new Error(`${where} declares no answer contract (schema.response) and no config.answer`);
      });
      // A refused route throws while the area declares it: hand the error to Fastify, so start-up fails with it.
      try {
        area.routes(scope.withTypeProvider<ValibotTypeProvider>(), deps);
      } catch (error) {
        done(error as Error);
        return;
      }
      done();
    },
    { prefix: area.prefix },
  );
}
