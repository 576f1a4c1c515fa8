DROP INDEX "instances_email_idx";--> statement-breakpoint
CREATE INDEX "instances_email_lower_idx" ON "instances" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "instances_idp_login_lower_idx" ON "instances" USING btree (lower("idp_login"));