CREATE TABLE "terms_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"culture" text DEFAULT 'en-us' NOT NULL,
	"terms_html" text NOT NULL,
	"privacy_html" text NOT NULL,
	"published_by" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "terms_versions_client_number_culture_unique" UNIQUE("client_id","number","culture"),
	CONSTRAINT "terms_versions_culture_check" CHECK ("terms_versions"."culture" in ('en-us', 'es')),
	CONSTRAINT "terms_versions_number_check" CHECK ("terms_versions"."number" > 0)
);
--> statement-breakpoint
CREATE TABLE "terms_acceptances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"instance_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"culture" text DEFAULT 'en-us' NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"address" text NOT NULL,
	CONSTRAINT "terms_acceptances_instance_number_unique" UNIQUE("instance_id","number"),
	CONSTRAINT "terms_acceptances_culture_check" CHECK ("terms_acceptances"."culture" in ('en-us', 'es'))
);
--> statement-breakpoint
ALTER TABLE "terms_versions" ADD CONSTRAINT "terms_versions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms_acceptances" ADD CONSTRAINT "terms_acceptances_instance_id_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms_acceptances" ADD CONSTRAINT "terms_acceptances_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "terms_acceptances_client_idx" ON "terms_acceptances" USING btree ("client_id","number");
