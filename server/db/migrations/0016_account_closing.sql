ALTER TABLE "clients" ADD COLUMN "allow_account_closing" boolean DEFAULT true NOT NULL;
