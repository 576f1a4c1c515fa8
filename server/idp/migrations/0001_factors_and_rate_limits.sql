CREATE TABLE "idp_factors" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"factor_type" text NOT NULL,
	"provider" text NOT NULL,
	"status" text NOT NULL,
	"secret" text NOT NULL,
	"qr_token_hash" text,
	"last_used_step" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idp_factors_status_check" CHECK (status in ('PENDING_ACTIVATION', 'ACTIVE'))
);
--> statement-breakpoint
CREATE TABLE "idp_rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "idp_factors" ADD CONSTRAINT "idp_factors_user_id_idp_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."idp_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "idp_factors_user_type_idx" ON "idp_factors" USING btree ("user_id","factor_type");