ALTER TABLE "clients" ADD COLUMN "scim_sign_in" text DEFAULT 'activationMail' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_scim_sign_in_check" CHECK ("clients"."scim_sign_in" in ('activationMail', 'immediate'));--> statement-breakpoint
ALTER TABLE "instances" ADD COLUMN "scim_external_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "instances_client_scim_external_id_unique" ON "instances" USING btree ("client_id","scim_external_id");
