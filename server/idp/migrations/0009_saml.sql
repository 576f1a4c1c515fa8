-- Issue 31 item 1: SAML 2.0 upstream identity providers in the federation registry. The upstream's metadata is parsed
-- when the entry is written; what the sign-in needs of it (entity id, SSO endpoint, signing certificates) is kept.
-- A SAML entry keeps the OpenID columns empty. Used assertion ids are kept in idp_oidc_models until they expire.
ALTER TABLE "idp_identity_providers" DROP CONSTRAINT "idp_identity_providers_kind_check";--> statement-breakpoint
ALTER TABLE "idp_identity_providers" ADD CONSTRAINT "idp_identity_providers_kind_check" CHECK (kind in ('oidc', 'saml'));--> statement-breakpoint
ALTER TABLE "idp_identity_providers" ADD COLUMN "metadata_url" text;--> statement-breakpoint
ALTER TABLE "idp_identity_providers" ADD COLUMN "saml_entity_id" text;--> statement-breakpoint
ALTER TABLE "idp_identity_providers" ADD COLUMN "saml_sso_url" text;--> statement-breakpoint
ALTER TABLE "idp_identity_providers" ADD COLUMN "saml_certificates" jsonb DEFAULT '[]'::jsonb NOT NULL;
