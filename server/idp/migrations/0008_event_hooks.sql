-- Event hooks (issue 33 item 4, docs/event-hooks.md): endpoints registered through /api/v1/eventHooks, and the outbox
-- of their deliveries, filled by the System Log's recorder in the same transaction as the events themselves.
CREATE TABLE "idp_event_hooks" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"uri" text NOT NULL,
	"auth_key" text,
	"sealed_auth_value" text,
	"sealed_secret" text NOT NULL,
	"event_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"verification_status" text DEFAULT 'UNVERIFIED' NOT NULL,
	"created_by" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idp_event_hooks_status_check" CHECK (status in ('ACTIVE', 'INACTIVE')),
	CONSTRAINT "idp_event_hooks_verification_check" CHECK (verification_status in ('VERIFIED', 'UNVERIFIED')),
	CONSTRAINT "idp_event_hooks_auth_check" CHECK ((auth_key is null) = (sealed_auth_value is null))
);
--> statement-breakpoint
CREATE TABLE "idp_event_hook_deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "idp_event_hook_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"hook_id" text NOT NULL,
	"event_uuid" text NOT NULL,
	"event_type" text NOT NULL,
	"event" jsonb NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_status" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "idp_event_hook_deliveries_status_check" CHECK (status in ('PENDING', 'DELIVERED', 'FAILED'))
);
--> statement-breakpoint
ALTER TABLE "idp_event_hook_deliveries" ADD CONSTRAINT "idp_event_hook_deliveries_hook_id_idp_event_hooks_id_fk" FOREIGN KEY ("hook_id") REFERENCES "public"."idp_event_hooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "idp_event_hooks_name_lower_idx" ON "idp_event_hooks" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "idp_event_hook_deliveries_once_idx" ON "idp_event_hook_deliveries" USING btree ("hook_id","event_uuid");--> statement-breakpoint
CREATE INDEX "idp_event_hook_deliveries_due_idx" ON "idp_event_hook_deliveries" USING btree ("next_attempt_at","id") WHERE status = 'PENDING';--> statement-breakpoint
CREATE INDEX "idp_event_hook_deliveries_hook_idx" ON "idp_event_hook_deliveries" USING btree ("hook_id","id");
