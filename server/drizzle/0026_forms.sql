CREATE TABLE "contact_forms" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"public_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"questions" jsonb NOT NULL,
	"success_message" text,
	"status" text DEFAULT 'active' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_forms_status_check" CHECK ("contact_forms"."status" IN ('active', 'inactive'))
);
--> statement-breakpoint
CREATE TABLE "form_submissions" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"source" text NOT NULL,
	"form_id" text,
	"document_id" text,
	"title" text NOT NULL,
	"contact_id" text,
	"contact_name" text,
	"contact_email" text,
	"answers" jsonb NOT NULL,
	"answer_count" integer NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce(contact_name, '') || ' ' || coalesce(contact_email, ''))) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_submissions_source_check" CHECK ("form_submissions"."source" IN ('contact_form', 'questionnaire'))
);
--> statement-breakpoint
ALTER TABLE "contact_forms" ADD CONSTRAINT "contact_forms_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_forms" ADD CONSTRAINT "contact_forms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_form_id_contact_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."contact_forms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contact_forms_public_id_uq" ON "contact_forms" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "contact_forms_business_created_idx" ON "contact_forms" USING btree ("business_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "form_submissions_business_created_idx" ON "form_submissions" USING btree ("business_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "form_submissions_form_idx" ON "form_submissions" USING btree ("form_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "form_submissions_questionnaire_uq" ON "form_submissions" USING btree ("document_id") WHERE "form_submissions"."source" = 'questionnaire';--> statement-breakpoint
CREATE INDEX "form_submissions_search_trgm_idx" ON "form_submissions" USING gin ("search_text" gin_trgm_ops);