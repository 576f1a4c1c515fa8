CREATE TABLE "idp_log_events" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "idp_log_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"uuid" text NOT NULL,
	"published" timestamp with time zone NOT NULL,
	"event_type" text NOT NULL,
	"severity" text NOT NULL,
	"outcome_result" text NOT NULL,
	"outcome_reason" text,
	"display_message" text NOT NULL,
	"actor_id" text NOT NULL,
	"actor_type" text NOT NULL,
	"actor_alternate_id" text NOT NULL,
	"actor_display_name" text NOT NULL,
	"client_ip" text,
	"client_user_agent" text,
	"request_id" text,
	"targets" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"target_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "idp_log_events_outcome_check" CHECK (outcome_result in ('SUCCESS', 'FAILURE', 'SKIPPED', 'ALLOW', 'DENY', 'CHALLENGE', 'UNKNOWN')),
	CONSTRAINT "idp_log_events_severity_check" CHECK (severity in ('DEBUG', 'INFO', 'WARN', 'ERROR'))
);
--> statement-breakpoint
CREATE INDEX "idp_log_events_published_idx" ON "idp_log_events" USING btree ("published","seq");--> statement-breakpoint
CREATE INDEX "idp_log_events_type_published_idx" ON "idp_log_events" USING btree ("event_type","published","outcome_result");--> statement-breakpoint
CREATE INDEX "idp_log_events_actor_published_idx" ON "idp_log_events" USING btree ("actor_id","published");--> statement-breakpoint
CREATE INDEX "idp_log_events_target_ids_idx" ON "idp_log_events" USING gin ("target_ids");