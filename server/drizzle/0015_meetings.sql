CREATE TABLE "meeting_contacts" (
	"meeting_id" text NOT NULL,
	"contact_id" text NOT NULL,
	"business_id" text NOT NULL,
	CONSTRAINT "meeting_contacts_meeting_id_contact_id_pk" PRIMARY KEY("meeting_id","contact_id")
);
--> statement-breakpoint
CREATE TABLE "meetings" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"user_id" text,
	"organizer_id" text,
	"title" text NOT NULL,
	"description" text,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"is_all_day" boolean DEFAULT false NOT NULL,
	"location" text,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"type" text DEFAULT 'meeting' NOT NULL,
	"meeting_link" text,
	"notes" text,
	"project_id" text,
	"is_virtual" boolean DEFAULT false NOT NULL,
	"attendees" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source" text DEFAULT 'atrium' NOT NULL,
	"sync_to_google" boolean DEFAULT false NOT NULL,
	"synced_to_google" boolean DEFAULT false NOT NULL,
	"google_user_id" text,
	"google_event_id" text,
	"google_calendar_url" text,
	"google_etag" text,
	"google_updated_at" timestamp with time zone,
	"search_text" text GENERATED ALWAYS AS (lower(title || ' ' || coalesce(description, ''))) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meetings_dates_check" CHECK ("meetings"."end_at" >= "meetings"."start_at")
);
--> statement-breakpoint
ALTER TABLE "work_files" DROP CONSTRAINT "work_files_owner_check";--> statement-breakpoint
ALTER TABLE "work_files" ADD COLUMN "meeting_id" text;--> statement-breakpoint
ALTER TABLE "meeting_contacts" ADD CONSTRAINT "meeting_contacts_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_contacts" ADD CONSTRAINT "meeting_contacts_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_organizer_id_users_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_google_user_id_users_id_fk" FOREIGN KEY ("google_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meeting_contacts_contact_idx" ON "meeting_contacts" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "meetings_business_start_idx" ON "meetings" USING btree ("business_id","start_at","id");--> statement-breakpoint
CREATE INDEX "meetings_business_end_idx" ON "meetings" USING btree ("business_id","end_at");--> statement-breakpoint
CREATE INDEX "meetings_project_idx" ON "meetings" USING btree ("project_id","start_at");--> statement-breakpoint
CREATE UNIQUE INDEX "meetings_google_event_uq" ON "meetings" USING btree ("google_user_id","google_event_id") WHERE "meetings"."google_event_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "work_files" ADD CONSTRAINT "work_files_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "work_files_meeting_idx" ON "work_files" USING btree ("meeting_id","created_at");--> statement-breakpoint
ALTER TABLE "work_files" ADD CONSTRAINT "work_files_one_owner_check" CHECK (num_nonnulls("work_files"."project_id", "work_files"."task_id", "work_files"."meeting_id") = 1);