CREATE TABLE "idp_authn_transactions" (
	"state_token" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"status" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idp_group_members" (
	"group_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idp_group_members_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "idp_groups" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idp_oidc_models" (
	"model" text NOT NULL,
	"id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"uid" text,
	"user_code" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "idp_oidc_models_model_id_pk" PRIMARY KEY("model","id")
);
--> statement-breakpoint
CREATE TABLE "idp_one_time_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"amr" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idp_one_time_tokens_kind_check" CHECK (kind in ('session', 'recovery'))
);
--> statement-breakpoint
CREATE TABLE "idp_signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idp_users" (
	"id" text PRIMARY KEY NOT NULL,
	"login" text NOT NULL,
	"email" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"locale" text DEFAULT 'en_US' NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"password_hash" text,
	"recovery_question" text,
	"recovery_answer_hash" text,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"password_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone,
	CONSTRAINT "idp_users_status_check" CHECK (status in ('STAGED', 'PROVISIONED', 'ACTIVE', 'RECOVERY', 'PASSWORD_EXPIRED', 'LOCKED_OUT', 'SUSPENDED', 'DEPROVISIONED'))
);
--> statement-breakpoint
ALTER TABLE "idp_authn_transactions" ADD CONSTRAINT "idp_authn_transactions_user_id_idp_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."idp_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idp_group_members" ADD CONSTRAINT "idp_group_members_group_id_idp_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."idp_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idp_group_members" ADD CONSTRAINT "idp_group_members_user_id_idp_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."idp_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idp_one_time_tokens" ADD CONSTRAINT "idp_one_time_tokens_user_id_idp_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."idp_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idp_authn_transactions_expires_at_idx" ON "idp_authn_transactions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "idp_group_members_user_idx" ON "idp_group_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "idp_groups_name_lower_idx" ON "idp_groups" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "idp_oidc_models_grant_id_idx" ON "idp_oidc_models" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "idp_oidc_models_uid_idx" ON "idp_oidc_models" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "idp_oidc_models_user_code_idx" ON "idp_oidc_models" USING btree ("user_code");--> statement-breakpoint
CREATE INDEX "idp_oidc_models_expires_at_idx" ON "idp_oidc_models" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "idp_one_time_tokens_user_idx" ON "idp_one_time_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "idp_one_time_tokens_expires_at_idx" ON "idp_one_time_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "idp_users_login_lower_idx" ON "idp_users" USING btree (lower("login"));--> statement-breakpoint
CREATE INDEX "idp_users_email_idx" ON "idp_users" USING btree (lower("email"));