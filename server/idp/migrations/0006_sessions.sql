-- Sessions people can see and end (issue 31 item 3): what each identity-provider session was seen from, and when.
CREATE TABLE "idp_session_activity" (
	"session_uid" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"user_agent" text,
	"ip_address" text,
	"first_seen" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "idp_session_activity" ADD CONSTRAINT "idp_session_activity_user_id_idp_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."idp_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idp_session_activity_user_id_idx" ON "idp_session_activity" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "idp_session_activity_last_seen_idx" ON "idp_session_activity" USING btree ("last_seen");
