CREATE TABLE "contact_tag_links" (
	"contact_id" text NOT NULL,
	"tag_id" text NOT NULL,
	"business_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_tag_links_contact_id_tag_id_pk" PRIMARY KEY("contact_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "contact_tags" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"name" text NOT NULL,
	"color" text DEFAULT '#0ca678' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"title" text,
	"content" text NOT NULL,
	"content_text" text NOT NULL,
	"category" text DEFAULT 'general' NOT NULL,
	"priority" text,
	"is_pinned" boolean DEFAULT false NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_by" text,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce(title, '') || ' ' || content_text)) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "contact_groups_business_idx";--> statement-breakpoint
DROP INDEX "contacts_business_status_idx";--> statement-breakpoint
ALTER TABLE "contact_groups" ALTER COLUMN "color" SET DEFAULT '#0ca678';--> statement-breakpoint
-- Hand-added: groups made before colours were required get the default.
UPDATE "contact_groups" SET "color" = '#0ca678' WHERE "color" IS NULL;--> statement-breakpoint
ALTER TABLE "contact_groups" ALTER COLUMN "color" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_groups" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "contact_tag_links" ADD CONSTRAINT "contact_tag_links_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_tag_links" ADD CONSTRAINT "contact_tag_links_tag_id_contact_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."contact_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_tag_links" ADD CONSTRAINT "contact_tag_links_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_tags" ADD CONSTRAINT "contact_tags_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_tag_links_tag_idx" ON "contact_tag_links" USING btree ("tag_id","contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_tags_business_name_key" ON "contact_tags" USING btree ("business_id",lower("name"));--> statement-breakpoint
CREATE INDEX "notes_entity_idx" ON "notes" USING btree ("business_id","entity_type","entity_id","is_pinned" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notes_search_trgm_idx" ON "notes" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contact_group_members_business_group_idx" ON "contact_group_members" USING btree ("business_id","group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_groups_business_name_key" ON "contact_groups" USING btree ("business_id",lower("name"));--> statement-breakpoint
CREATE INDEX "contact_groups_business_created_idx" ON "contact_groups" USING btree ("business_id","created_at","id");--> statement-breakpoint
CREATE INDEX "contacts_business_first_name_idx" ON "contacts" USING btree ("business_id",lower("first_name"),"id");--> statement-breakpoint
CREATE INDEX "contacts_business_last_name_idx" ON "contacts" USING btree ("business_id",lower("last_name") ASC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "contacts_business_last_name_desc_idx" ON "contacts" USING btree ("business_id",lower("last_name") DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contacts_business_email_idx" ON "contacts" USING btree ("business_id","email","id");--> statement-breakpoint
CREATE INDEX "contacts_business_business_idx" ON "contacts" USING btree ("business_id",lower("business") ASC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "contacts_business_business_desc_idx" ON "contacts" USING btree ("business_id",lower("business") DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contacts_business_last_contact_idx" ON "contacts" USING btree ("business_id","last_contact" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contacts_business_status_idx" ON "contacts" USING btree ("business_id","status","id");