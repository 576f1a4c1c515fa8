CREATE TABLE "import_job_rows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"email" text NOT NULL,
	"values" jsonb NOT NULL,
	"plan" text NOT NULL,
	"problems" jsonb NOT NULL,
	"outcome" text,
	"outcome_message" text,
	"instance_id" uuid,
	CONSTRAINT "import_job_rows_job_line_unique" UNIQUE("job_id","line"),
	CONSTRAINT "import_job_rows_plan_check" CHECK ("import_job_rows"."plan" in ('new', 'update', 'unchanged', 'failed')),
	CONSTRAINT "import_job_rows_outcome_check" CHECK ("import_job_rows"."outcome" is null or "import_job_rows"."outcome" in ('created', 'updated', 'unchanged', 'skipped', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "import_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"file_size" integer NOT NULL,
	"created_by" text NOT NULL,
	"committed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'previewed' NOT NULL,
	"mode" text,
	"columns" jsonb NOT NULL,
	"roles" jsonb NOT NULL,
	"total" integer NOT NULL,
	"new_count" integer NOT NULL,
	"updated_count" integer NOT NULL,
	"unchanged_count" integer NOT NULL,
	"failed_count" integer NOT NULL,
	"heartbeat_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "import_jobs_status_check" CHECK ("import_jobs"."status" in ('previewed', 'committing', 'committed')),
	CONSTRAINT "import_jobs_mode_check" CHECK ("import_jobs"."mode" is null or "import_jobs"."mode" in ('create', 'update', 'upsert'))
);
--> statement-breakpoint
ALTER TABLE "import_job_rows" ADD CONSTRAINT "import_job_rows_job_id_import_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."import_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_job_rows_job_outcome_idx" ON "import_job_rows" USING btree ("job_id","outcome");--> statement-breakpoint
CREATE INDEX "import_jobs_client_created_idx" ON "import_jobs" USING btree ("client_id","created_at");