CREATE TABLE "client_people_counts" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"people" integer DEFAULT 0 NOT NULL,
	"provider_admins" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_people_counts" ADD CONSTRAINT "client_people_counts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "instances_client_name_idx" ON "instances" USING btree ("client_id",lower("last_name"),lower("first_name"),"id");--> statement-breakpoint
CREATE INDEX "instances_name_idx" ON "instances" USING btree (lower("last_name"),lower("first_name"),"id");--> statement-breakpoint
-- Written by hand (drizzle cannot declare these): the counts' trigger and the grid's trigram search indexes.
-- The people each client has now (none on a fresh database; every person on an upgraded one).
INSERT INTO "client_people_counts" ("client_id", "people", "provider_admins")
SELECT "client_id", count(*), count(*) FILTER (WHERE "is_aul_admin")
FROM "instances" WHERE NOT "sign_up_pending" GROUP BY "client_id";--> statement-breakpoint
CREATE FUNCTION "count_client_people"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') AND NOT OLD."sign_up_pending" THEN
    UPDATE "client_people_counts"
    SET "people" = "people" - 1, "provider_admins" = "provider_admins" - (CASE WHEN OLD."is_aul_admin" THEN 1 ELSE 0 END)
    WHERE "client_id" = OLD."client_id";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NOT NEW."sign_up_pending" THEN
    INSERT INTO "client_people_counts" AS c ("client_id", "people", "provider_admins")
    VALUES (NEW."client_id", 1, CASE WHEN NEW."is_aul_admin" THEN 1 ELSE 0 END)
    ON CONFLICT ("client_id") DO UPDATE
    SET "people" = c."people" + 1, "provider_admins" = c."provider_admins" + EXCLUDED."provider_admins";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "instances_count_people"
AFTER INSERT OR DELETE OR UPDATE OF "client_id", "sign_up_pending", "is_aul_admin" ON "instances"
FOR EACH ROW EXECUTE FUNCTION "count_client_people"();--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS "pg_trgm";--> statement-breakpoint
CREATE INDEX "instances_search_name_trgm_idx" ON "instances" USING gin (lower("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "instances_search_email_trgm_idx" ON "instances" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "instances_search_login_trgm_idx" ON "instances" USING gin (lower("idp_login") gin_trgm_ops);
