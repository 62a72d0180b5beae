CREATE TABLE "file_folders" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"parent_id" text,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "work_files" DROP CONSTRAINT "work_files_one_owner_check";--> statement-breakpoint
ALTER TABLE "work_files" ADD COLUMN "folder_id" text;--> statement-breakpoint
ALTER TABLE "file_folders" ADD CONSTRAINT "file_folders_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_folders" ADD CONSTRAINT "file_folders_parent_id_file_folders_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."file_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "file_folders_sibling_name_key" ON "file_folders" USING btree ("business_id",coalesce("parent_id", ''),lower("name"));--> statement-breakpoint
CREATE INDEX "file_folders_parent_idx" ON "file_folders" USING btree ("parent_id");--> statement-breakpoint
ALTER TABLE "work_files" ADD CONSTRAINT "work_files_folder_id_file_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."file_folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "work_files_business_idx" ON "work_files" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "work_files_folder_idx" ON "work_files" USING btree ("folder_id","created_at");--> statement-breakpoint
ALTER TABLE "work_files" ADD CONSTRAINT "work_files_one_owner_check" CHECK (num_nonnulls("work_files"."project_id", "work_files"."task_id", "work_files"."meeting_id") <= 1);