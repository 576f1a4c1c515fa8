import * as v from 'valibot';
import { requiredText } from './admin/common';
import { CultureSchema } from './culture';
import { ClientIdSchema } from './resources';

/*
 * Terms of use and privacy notice per client (issue 34 item 2; docs/api.md "Terms"). A client's administrators
 * publish numbered versions, each in one or both cultures; a version is never changed once published. Sign-up shows
 * the current version and must accept it; a person whose last acceptance is older than the current version accepts the
 * new one at their next sign-in. Texts are HTML, cleaned by the server before it stores them (contracts/safe-html.ts).
 */

/** Whose terms: the client's UUID or portal alias. */
export const TermsScopeParamsSchema = v.object({ clientId: ClientIdSchema });
export const TermsCurrentQuerySchema = v.object({ culture: v.optional(CultureSchema) });

/** One culture of one version. */
export const TermsTextSchema = v.object({
  culture: CultureSchema,
  termsHtml: v.string(),
  privacyHtml: v.string(),
});
export type TermsText = v.InferOutput<typeof TermsTextSchema>;

/** GET Terms/Current/:clientId: the current version in the culture asked for (else the one it was written in). */
export const CurrentTermsSchema = v.object({ number: v.number(), ...TermsTextSchema.entries });
export type CurrentTerms = v.InferOutput<typeof CurrentTermsSchema>;
/**
 * The answer of GET Terms/Current/:clientId: `current` is null for a client that has published no terms (a normal
 * state, so not a 404 the browser would log on every sign-up page); an unknown client is a 404.
 */
export const CurrentTermsAnswerSchema = v.object({ current: v.nullable(CurrentTermsSchema) });

/** A published version, as the editor lists it. */
export const TermsVersionSchema = v.object({
  number: v.number(),
  publishedAt: v.string(),
  publishedBy: v.string(),
  texts: v.array(TermsTextSchema),
});
export type TermsVersion = v.InferOutput<typeof TermsVersionSchema>;
/** GET Terms/:clientId: every version, newest first. */
export const TermsVersionListSchema = v.array(TermsVersionSchema);

/**
 * POST Terms/:clientId: publishes the next version. `basedOn` is the number the editor read as current (0 when there
 * was none): a version published meanwhile makes it stale (409), so nobody publishes over a version they did not see.
 */
export const TermsPublishSchema = v.object({
  basedOn: v.pipe(v.number(), v.integer(), v.minValue(0)),
  texts: v.pipe(
    v.array(v.object({ culture: CultureSchema, termsHtml: requiredText(100_000), privacyHtml: requiredText(100_000) })),
    v.minLength(1, 'must have one culture at least'),
    v.maxLength(2),
    v.check((texts) => new Set(texts.map((text) => text.culture)).size === texts.length, 'must name each culture once'),
  ),
});
export type TermsPublish = v.InferInput<typeof TermsPublishSchema>;

/** What a person accepts: the version number they were shown, in the culture they read it in. */
export const TermsAcceptanceSchema = v.object({
  number: v.pipe(v.number(), v.integer(), v.minValue(1)),
  culture: CultureSchema,
});
export type TermsAcceptance = v.InferOutput<typeof TermsAcceptanceSchema>;

/**
 * GET profile/terms: the version the signed-in person still has to accept (the current one of their client, when
 * their last acceptance is older or missing), or null when there is nothing to accept.
 */
export const PendingTermsSchema = v.object({ pending: v.nullable(CurrentTermsSchema) });
export type PendingTerms = v.InferOutput<typeof PendingTermsSchema>;

/** One row of the acceptances export (contracts/exports.ts `termsAcceptanceCsv`). */
export interface TermsAcceptanceRow {
  email: string;
  firstName: string;
  lastName: string;
  number: number;
  culture: string;
  acceptedAt: Date;
  address: string;
}
