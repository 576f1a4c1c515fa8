ALTER TABLE "client_applications" ADD COLUMN "excluded_roles" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- Hand-written (issue 30 §9): RecaptchaFeatureEnabled was never honoured before, and the demo seed wrote a global
-- 'false'. Now that the flag turns the sign-up captcha off, that stale row must not switch it off for every client.
UPDATE "portal_settings" SET "value" = 'true' WHERE "key" = 'RecaptchaFeatureEnabled' AND "client_id" IS NULL;
