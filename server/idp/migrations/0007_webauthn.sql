-- Passkeys (WebAuthn, factorType `webauthn`, provider `FIDO`) next to TOTP in idp_factors. A passkey has no shared
-- secret: it keeps the credential id, the COSE public key and the authenticator's signature counter instead.
ALTER TABLE "idp_factors" ALTER COLUMN "secret" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "idp_factors" ADD COLUMN "credential_id" text;--> statement-breakpoint
ALTER TABLE "idp_factors" ADD COLUMN "public_key" text;--> statement-breakpoint
ALTER TABLE "idp_factors" ADD COLUMN "sign_count" bigint;--> statement-breakpoint
ALTER TABLE "idp_factors" ADD COLUMN "transports" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "idp_factors" ADD CONSTRAINT "idp_factors_kind_check" CHECK ((factor_type = 'webauthn') = (secret is null) AND (factor_type = 'webauthn' OR credential_id is null));--> statement-breakpoint
CREATE UNIQUE INDEX "idp_factors_credential_id_idx" ON "idp_factors" USING btree ("credential_id");
