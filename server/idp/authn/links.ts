/**
 * HAL links as auth-js turns them into transaction methods (okta-compat §1.2): a method exists only when
 * `hints.allow` has exactly one verb, and `next.name` becomes its name (`resetPassword`, `answer`, …).
 */
export interface Link {
  href: string;
  hints: { allow: ['POST'] | ['GET'] };
}

export const post = (href: string): Link => ({ href, hints: { allow: ['POST'] } });

export const next = (name: string, href: string) => ({ name, ...post(href) });

/** `${origin}/api/v1/authn…`: every link of a transaction, built from the issuer's origin. */
export const authnUrl = (origin: string, path = '') => `${origin}/api/v1/authn${path}`;
