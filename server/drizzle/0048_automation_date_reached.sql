CREATE TABLE "automation_date_fires" (
	"automation_id" text NOT NULL,
	"business_id" text NOT NULL,
	"record_id" text NOT NULL,
	"date_value" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "automation_date_fires_automation_id_record_id_date_value_pk" PRIMARY KEY("automation_id","record_id","date_value")
);
--> statement-breakpoint
ALTER TABLE "automation_runs" ADD COLUMN "resume_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "automations" ADD COLUMN "date_trigger" jsonb;--> statement-breakpoint
ALTER TABLE "automations" ADD COLUMN "armed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "automations" ADD COLUMN "dates_swept_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "domain_events" ADD COLUMN "automation_id" text;--> statement-breakpoint
ALTER TABLE "automation_date_fires" ADD CONSTRAINT "automation_date_fires_automation_id_automations_id_fk" FOREIGN KEY ("automation_id") REFERENCES "public"."automations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_date_fires" ADD CONSTRAINT "automation_date_fires_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "automation_runs_unfinished_idx" ON "automation_runs" USING btree ("updated_at") WHERE status IN ('queued', 'running', 'waiting');--> statement-breakpoint
CREATE INDEX "automations_date_reached_idx" ON "automations" USING btree ("id") WHERE trigger = 'date.reached' AND enabled;--> statement-breakpoint
CREATE INDEX "documents_invoice_due_idx" ON "documents" USING btree ("business_id","due_date","id") WHERE type = 'invoice' AND is_template = false AND due_date IS NOT NULL;--> statement-breakpoint
CREATE INDEX "projects_business_start_idx" ON "projects" USING btree ("business_id","start_date","id");