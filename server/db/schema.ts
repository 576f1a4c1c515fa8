/**
 * The whole database schema (PostgreSQL dialect; PGlite and PostgreSQL 15+). drizzle-kit reads this module to
 * generate migrations (`npm run db:generate`); the server imports tables from here. Areas, one file each:
 * - portal:    CMS sites, regions, clients, applications and the applications each client offers
 * - forms:     field definitions, sub-fields, templates and the fields placed on them
 * - people:    user profiles (instances), their field values and application roles
 * - resources: labels, input rules, lists, menus, settings, FAQ, logos, themes and resource versions
 * - logs:      error log, audit log and mail outbox
 * - imports:   user import jobs and their rows
 * - invitations: invitations to sign up (the `st` token)
 * - otp-tokens: one-time tokens for application links (`{otpToken}`)
 * - api-tokens: SSWS tokens for the embedded identity provider's management API
 * - terms:     versioned terms of use and privacy notices per client, and who accepted which
 * - access-requests: a person's requests for one of their client's applications
 * - email-change: a person's pending change of e-mail and its code
 * See docs/database.md.
 */
export * from './tables/portal';
export * from './tables/forms';
export * from './tables/people';
export * from './tables/resources';
export * from './tables/logs';
export * from './tables/password-reset';
export * from './tables/imports';
export * from './tables/invitations';
export * from './tables/otp-tokens';
export * from './tables/api-tokens';
export * from './tables/terms';
export * from './tables/access-requests';
export * from './tables/email-change';
export * from './relations';
