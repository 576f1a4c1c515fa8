CREATE TABLE "idp_sealing_check" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"sealed_check" text NOT NULL,
	"sealed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idp_sealing_check_one_row_check" CHECK ("idp_sealing_check"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "idp_signing_keys" ALTER COLUMN "private_jwk" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "idp_signing_keys" ADD COLUMN "sealed_jwk" text;--> statement-breakpoint
ALTER TABLE "idp_signing_keys" ADD COLUMN "signs_from" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "idp_signing_keys" ADD COLUMN "retires_at" timestamp with time zone;--> statement-breakpoint
-- Keys from before rotation signed since they were made.
UPDATE "idp_signing_keys" SET "signs_from" = "created_at";--> statement-breakpoint
ALTER TABLE "idp_signing_keys" ADD CONSTRAINT "idp_signing_keys_one_form_check" CHECK (("idp_signing_keys"."private_jwk" is null) <> ("idp_signing_keys"."sealed_jwk" is null));