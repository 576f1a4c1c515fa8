-- Several passkeys per person (issue 31 item 2: "a phone and a security key"), as Okta allows; TOTP stays one per
-- person. The one-per-type unique index becomes partial: it holds for every type but webauthn. Each passkey gets a
-- name the person can tell apart and the time it last signed them in. A passkey added from the profile form (outside a
-- sign-in, so without an authn transaction to hold it) keeps its registration challenge's hash until activated.
DROP INDEX IF EXISTS "idp_factors_user_type_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "idp_factors_user_type_idx" ON "idp_factors" USING btree ("user_id","factor_type") WHERE "factor_type" <> 'webauthn';--> statement-breakpoint
ALTER TABLE "idp_factors" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "idp_factors" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "idp_factors" ADD COLUMN "challenge_hash" text;
