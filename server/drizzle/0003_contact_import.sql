CREATE TABLE "contact_import_chunks" (
	"upload_id" text NOT NULL,
	"chunk" integer NOT NULL,
	"rows" jsonb NOT NULL,
	CONSTRAINT "contact_import_chunks_upload_id_chunk_pk" PRIMARY KEY("upload_id","chunk")
);
--> statement-breakpoint
CREATE TABLE "contact_import_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"upload_id" text,
	"created_by" text,
	"mapping" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"total" integer NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"next_chunk" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"failure" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_import_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"created_by" text,
	"file_name" text NOT NULL,
	"headers" jsonb NOT NULL,
	"row_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_import_chunks" ADD CONSTRAINT "contact_import_chunks_upload_id_contact_import_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."contact_import_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_import_jobs" ADD CONSTRAINT "contact_import_jobs_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_import_jobs" ADD CONSTRAINT "contact_import_jobs_upload_id_contact_import_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."contact_import_uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_import_jobs" ADD CONSTRAINT "contact_import_jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_import_uploads" ADD CONSTRAINT "contact_import_uploads_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_import_uploads" ADD CONSTRAINT "contact_import_uploads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_import_jobs_upload_idx" ON "contact_import_jobs" USING btree ("upload_id");--> statement-breakpoint
CREATE INDEX "contact_import_jobs_pending_idx" ON "contact_import_jobs" USING btree ("created_at","id") WHERE "contact_import_jobs"."status" IN ('queued', 'running');--> statement-breakpoint
CREATE INDEX "contact_import_uploads_business_idx" ON "contact_import_uploads" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "contact_import_uploads_expires_idx" ON "contact_import_uploads" USING btree ("expires_at");