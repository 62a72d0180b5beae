ALTER TABLE "email_campaigns" ADD COLUMN "runner" text;--> statement-breakpoint
ALTER TABLE "email_campaigns" ADD COLUMN "run_lease_until" timestamp with time zone;