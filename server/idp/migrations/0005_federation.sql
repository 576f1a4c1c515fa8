-- Issue 31 item 1: the federation registry (upstream OpenID providers, secrets sealed) and the (provider, subject) links.
CREATE TABLE "idp_federation_links" (
	"provider_id" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idp_federation_links_provider_id_subject_pk" PRIMARY KEY("provider_id","subject")
);
--> statement-breakpoint
CREATE TABLE "idp_identity_providers" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'oidc' NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"sealed_client_secret" text NOT NULL,
	"scopes" text DEFAULT 'openid email profile' NOT NULL,
	"claim_mapping" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idp_identity_providers_kind_check" CHECK (kind in ('oidc'))
);
--> statement-breakpoint
ALTER TABLE "idp_federation_links" ADD CONSTRAINT "idp_federation_links_provider_id_idp_identity_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."idp_identity_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idp_federation_links" ADD CONSTRAINT "idp_federation_links_user_id_idp_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."idp_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idp_federation_links_user_idx" ON "idp_federation_links" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "idp_identity_providers_name_lower_idx" ON "idp_identity_providers" USING btree (lower("name"));