ALTER TABLE "signature_workflows" DROP CONSTRAINT "signature_workflows_document_id_documents_id_fk";
--> statement-breakpoint
ALTER TABLE "signature_workflows" DROP CONSTRAINT "signature_workflows_signed_file_id_work_files_id_fk";
--> statement-breakpoint
ALTER TABLE "signature_workflows" ADD COLUMN "document_snapshot" jsonb;--> statement-breakpoint
ALTER TABLE "signature_workflows" ADD CONSTRAINT "signature_workflows_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_workflows" ADD CONSTRAINT "signature_workflows_signed_file_id_work_files_id_fk" FOREIGN KEY ("signed_file_id") REFERENCES "public"."work_files"("id") ON DELETE no action ON UPDATE no action;