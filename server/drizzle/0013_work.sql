CREATE TABLE "project_activities" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"project_id" text NOT NULL,
	"type" text NOT NULL,
	"message" text NOT NULL,
	"subject_type" text,
	"subject_id" text,
	"subject_title" text,
	"actor_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_contacts" (
	"project_id" text NOT NULL,
	"contact_id" text NOT NULL,
	"business_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_contacts_project_id_contact_id_pk" PRIMARY KEY("project_id","contact_id")
);
--> statement-breakpoint
CREATE TABLE "project_types" (
	"business_id" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"created_by" text,
	"title" text NOT NULL,
	"description" text,
	"stage" text DEFAULT 'planning' NOT NULL,
	"type" text NOT NULL,
	"start_date" timestamp with time zone,
	"due_date" timestamp with time zone,
	"is_all_day" boolean DEFAULT true NOT NULL,
	"location" text,
	"address" jsonb,
	"board_order" double precision DEFAULT 0 NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(title || ' ' || type || ' ' || coalesce(location, ''))) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_comments" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"task_id" text NOT NULL,
	"user_id" text,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_contacts" (
	"task_id" text NOT NULL,
	"contact_id" text NOT NULL,
	"business_id" text NOT NULL,
	CONSTRAINT "task_contacts_task_id_contact_id_pk" PRIMARY KEY("task_id","contact_id")
);
--> statement-breakpoint
CREATE TABLE "task_counts" (
	"business_id" text NOT NULL,
	"status" text NOT NULL,
	"tasks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "task_counts_business_id_status_pk" PRIMARY KEY("business_id","status")
);
--> statement-breakpoint
CREATE TABLE "task_history" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"task_id" text NOT NULL,
	"action" text NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"performed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"project_id" text,
	"user_id" text,
	"title" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'todo' NOT NULL,
	"priority" text DEFAULT 'regular' NOT NULL,
	"start_date" timestamp with time zone,
	"due_date" timestamp with time zone,
	"is_all_day" boolean DEFAULT false NOT NULL,
	"sort_order" double precision DEFAULT 0 NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(title || ' ' || coalesce(description, ''))) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_file_chunks" (
	"file_id" text NOT NULL,
	"seq" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "work_file_chunks_file_id_seq_pk" PRIMARY KEY("file_id","seq")
);
--> statement-breakpoint
CREATE TABLE "work_files" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"project_id" text,
	"task_id" text,
	"kind" text DEFAULT 'attachment' NOT NULL,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"complete" boolean DEFAULT false NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_files_owner_check" CHECK (("work_files"."project_id" IS NULL) <> ("work_files"."task_id" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "project_activities" ADD CONSTRAINT "project_activities_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_activities" ADD CONSTRAINT "project_activities_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_contacts" ADD CONSTRAINT "project_contacts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_contacts" ADD CONSTRAINT "project_contacts_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_types" ADD CONSTRAINT "project_types_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_comments" ADD CONSTRAINT "task_comments_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_comments" ADD CONSTRAINT "task_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_contacts" ADD CONSTRAINT "task_contacts_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_contacts" ADD CONSTRAINT "task_contacts_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_counts" ADD CONSTRAINT "task_counts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_history" ADD CONSTRAINT "task_history_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_history" ADD CONSTRAINT "task_history_performed_by_users_id_fk" FOREIGN KEY ("performed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_file_chunks" ADD CONSTRAINT "work_file_chunks_file_id_work_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."work_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_files" ADD CONSTRAINT "work_files_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_files" ADD CONSTRAINT "work_files_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_files" ADD CONSTRAINT "work_files_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_files" ADD CONSTRAINT "work_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_activities_feed_idx" ON "project_activities" USING btree ("project_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "project_contacts_contact_idx" ON "project_contacts" USING btree ("contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "project_types_business_name_key" ON "project_types" USING btree ("business_id",lower("name"));--> statement-breakpoint
CREATE INDEX "projects_business_created_idx" ON "projects" USING btree ("business_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "projects_business_board_idx" ON "projects" USING btree ("business_id","stage","board_order","id");--> statement-breakpoint
CREATE INDEX "projects_business_type_idx" ON "projects" USING btree ("business_id",lower("type"));--> statement-breakpoint
CREATE INDEX "projects_business_due_idx" ON "projects" USING btree ("business_id","due_date","id");--> statement-breakpoint
CREATE INDEX "projects_search_trgm_idx" ON "projects" USING gin ("search_text" gin_trgm_ops) WITH (gin_pending_list_limit=1024);--> statement-breakpoint
CREATE INDEX "task_comments_task_idx" ON "task_comments" USING btree ("task_id","created_at");--> statement-breakpoint
CREATE INDEX "task_contacts_contact_idx" ON "task_contacts" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "task_history_task_idx" ON "task_history" USING btree ("task_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tasks_business_created_idx" ON "tasks" USING btree ("business_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tasks_business_board_idx" ON "tasks" USING btree ("business_id","status","sort_order","id");--> statement-breakpoint
CREATE INDEX "tasks_project_idx" ON "tasks" USING btree ("project_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tasks_business_due_idx" ON "tasks" USING btree ("business_id","due_date","id");--> statement-breakpoint
CREATE INDEX "tasks_search_trgm_idx" ON "tasks" USING gin ("search_text" gin_trgm_ops) WITH (gin_pending_list_limit=1024);--> statement-breakpoint
CREATE INDEX "work_files_project_idx" ON "work_files" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "work_files_task_idx" ON "work_files" USING btree ("task_id","created_at");--> statement-breakpoint
-- task_counts: kept exact by statement-level triggers (as contact_counts), one counter update per column a
-- statement touched: inserts add, deletes subtract, a status change moves the count between columns.
CREATE FUNCTION "task_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR TG_OP = 'UPDATE' THEN
    INSERT INTO "task_counts" ("business_id", "status", "tasks")
    SELECT "business_id", "status", count(*) FROM "added_tasks" GROUP BY "business_id", "status"
    ON CONFLICT ("business_id", "status") DO UPDATE SET "tasks" = "task_counts"."tasks" + excluded."tasks";
  END IF;
  IF TG_OP = 'DELETE' OR TG_OP = 'UPDATE' THEN
    UPDATE "task_counts" c SET "tasks" = c."tasks" - r.n
    FROM (SELECT "business_id", "status", count(*) AS n FROM "removed_tasks" GROUP BY "business_id", "status") r
    WHERE c."business_id" = r."business_id" AND c."status" = r."status";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "tasks_count_added" AFTER INSERT ON "tasks"
  REFERENCING NEW TABLE AS "added_tasks" FOR EACH STATEMENT EXECUTE FUNCTION "task_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "tasks_count_removed" AFTER DELETE ON "tasks"
  REFERENCING OLD TABLE AS "removed_tasks" FOR EACH STATEMENT EXECUTE FUNCTION "task_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "tasks_count_moved" AFTER UPDATE ON "tasks"
  REFERENCING OLD TABLE AS "removed_tasks" NEW TABLE AS "added_tasks" FOR EACH STATEMENT EXECUTE FUNCTION "task_counts_apply"();
