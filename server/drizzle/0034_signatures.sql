CREATE TABLE "signature_audit" (
	"workflow_id" text NOT NULL,
	"business_id" text NOT NULL,
	"sequence" integer NOT NULL,
	"event" text NOT NULL,
	"actor" text NOT NULL,
	"actor_name" text,
	"signer_id" text,
	"at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "signature_audit_workflow_id_sequence_pk" PRIMARY KEY("workflow_id","sequence")
);
--> statement-breakpoint
CREATE TABLE "signature_signers" (
	"id" text PRIMARY KEY NOT NULL,
	"workflow_id" text NOT NULL,
	"business_id" text NOT NULL,
	"position" integer NOT NULL,
	"role" text NOT NULL,
	"name" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"contact_id" text,
	"user_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"token_nonce" text,
	"token_hash" text,
	"token_expires_at" timestamp with time zone,
	"invited_at" timestamp with time zone,
	"last_reminded_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"consented_at" timestamp with time zone,
	"consent_version" text,
	"consent_ip" text,
	"consent_user_agent" text,
	"signature_kind" text,
	"signature_png" "bytea",
	"typed_name" text,
	"signed_at" timestamp with time zone,
	"signed_ip" text,
	"signed_user_agent" text,
	"declined_at" timestamp with time zone,
	"decline_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signature_workflows" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"document_id" text NOT NULL,
	"document_title" text NOT NULL,
	"created_by" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"signing_order" text DEFAULT 'sequential' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"reminder_interval_days" integer DEFAULT 3 NOT NULL,
	"sent_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"void_reason" text,
	"declined_at" timestamp with time zone,
	"document_sha256" text,
	"signed_file_id" text,
	"signed_sha256" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signature_workflows_status_check" CHECK ("signature_workflows"."status" IN ('draft', 'sent', 'in_progress', 'completed', 'declined', 'voided', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "signature_audit" ADD CONSTRAINT "signature_audit_workflow_id_signature_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."signature_workflows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_audit" ADD CONSTRAINT "signature_audit_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_signers" ADD CONSTRAINT "signature_signers_workflow_id_signature_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."signature_workflows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_signers" ADD CONSTRAINT "signature_signers_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_signers" ADD CONSTRAINT "signature_signers_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_signers" ADD CONSTRAINT "signature_signers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_workflows" ADD CONSTRAINT "signature_workflows_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_workflows" ADD CONSTRAINT "signature_workflows_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_workflows" ADD CONSTRAINT "signature_workflows_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_workflows" ADD CONSTRAINT "signature_workflows_signed_file_id_work_files_id_fk" FOREIGN KEY ("signed_file_id") REFERENCES "public"."work_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "signature_signers_order_uq" ON "signature_signers" USING btree ("workflow_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "signature_signers_token_uq" ON "signature_signers" USING btree ("token_hash") WHERE token_hash IS NOT NULL;--> statement-breakpoint
CREATE INDEX "signature_workflows_business_list_idx" ON "signature_workflows" USING btree ("business_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "signature_workflows_business_status_idx" ON "signature_workflows" USING btree ("business_id","status","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "signature_workflows_document_idx" ON "signature_workflows" USING btree ("document_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "signature_workflows_open_document_uq" ON "signature_workflows" USING btree ("document_id") WHERE status IN ('draft', 'sent', 'in_progress');--> statement-breakpoint
-- The audit trail is append-only in the database too: an entry is never changed, and never deleted while its
-- workflow (with its business and document) exists. A deleted document or business still takes its workflows and
-- their trails with it (the foreign keys' cascades run after the parent row is gone, so the check lets them pass).
CREATE FUNCTION signature_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    RAISE EXCEPTION 'signature_audit is append-only: an entry cannot be changed' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF EXISTS (
    SELECT 1 FROM signature_workflows w
    JOIN businesses b ON b.id = w.business_id
    JOIN documents d ON d.id = w.document_id
    WHERE w.id = OLD.workflow_id
  ) THEN
    RAISE EXCEPTION 'signature_audit is append-only: an entry cannot be deleted' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER signature_audit_append_only BEFORE UPDATE OR DELETE ON signature_audit
  FOR EACH ROW EXECUTE FUNCTION signature_audit_append_only();
