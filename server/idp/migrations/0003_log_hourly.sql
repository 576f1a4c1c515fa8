CREATE TABLE "idp_log_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"client_key" text NOT NULL,
	"event_type" text NOT NULL,
	"outcome_result" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "idp_log_hourly_hour_client_key_event_type_outcome_result_pk" PRIMARY KEY("hour","client_key","event_type","outcome_result")
);
--> statement-breakpoint
CREATE INDEX "idp_users_last_login_idx" ON "idp_users" USING btree ("last_login_at");--> statement-breakpoint
CREATE INDEX "idp_users_client_last_login_idx" ON "idp_users" USING btree (upper(split_part("login", '__', 1)),"last_login_at");--> statement-breakpoint
-- Events recorded before this table existed are counted once, by the same rule as the recorder (rollup.ts clientKeyOf).
INSERT INTO "idp_log_hourly" ("hour", "client_key", "event_type", "outcome_result", "count")
SELECT date_trunc('hour', "published" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
	CASE WHEN position('__' in "actor_alternate_id") > 1 THEN upper(split_part("actor_alternate_id", '__', 1)) ELSE '' END,
	"event_type", "outcome_result", count(*)
FROM "idp_log_events" GROUP BY 1, 2, 3, 4;
