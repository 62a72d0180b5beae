ALTER TABLE "market_review_reports" DROP CONSTRAINT "market_review_reports_review_id_reporter_id_pk";--> statement-breakpoint
-- Existing reports get an id (the app writes its own UUIDs; the default only fills the rows already there).
ALTER TABLE "market_review_reports" ADD COLUMN "id" text DEFAULT gen_random_uuid()::text NOT NULL;--> statement-breakpoint
ALTER TABLE "market_review_reports" ALTER COLUMN "id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "market_review_reports" ADD CONSTRAINT "market_review_reports_pkey" PRIMARY KEY("id");--> statement-breakpoint
ALTER TABLE "market_review_reports" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "market_review_reports" ADD COLUMN "resolved_by" text;--> statement-breakpoint
ALTER TABLE "market_review_reports" ADD CONSTRAINT "market_review_reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "market_review_reports_open_uq" ON "market_review_reports" USING btree ("review_id","reporter_id") WHERE "market_review_reports"."resolved_at" IS NULL;--> statement-breakpoint
CREATE INDEX "market_review_reports_review_idx" ON "market_review_reports" USING btree ("review_id","created_at");