ALTER TABLE "audit_log" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "error_log" ADD COLUMN "client_id" uuid;--> statement-breakpoint
CREATE INDEX "audit_log_client_at_idx" ON "audit_log" USING btree ("client_id","at");--> statement-breakpoint
CREATE INDEX "error_log_client_created_at_idx" ON "error_log" USING btree ("client_id","created_at");