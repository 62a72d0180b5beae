CREATE TABLE "document_counts" (
	"business_id" text NOT NULL,
	"is_template" boolean NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"documents" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "document_counts_business_id_is_template_type_status_pk" PRIMARY KEY("business_id","is_template","type","status")
);
--> statement-breakpoint
ALTER TABLE "document_counts" ADD CONSTRAINT "document_counts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_expiring_idx" ON "documents" USING btree ("business_id","is_template","status","expires_at") WHERE status IN ('sent', 'viewed') AND expires_at IS NOT NULL;--> statement-breakpoint
-- document_counts: kept exact by statement-level triggers (as project_counts), one counter update per key a
-- statement touched: inserts add, deletes subtract, an update moves the count between keys.
CREATE FUNCTION "document_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR TG_OP = 'UPDATE' THEN
    INSERT INTO "document_counts" ("business_id", "is_template", "type", "status", "documents")
    SELECT "business_id", "is_template", "type", "status", count(*) FROM "added_documents"
    GROUP BY "business_id", "is_template", "type", "status"
    ON CONFLICT ("business_id", "is_template", "type", "status")
    DO UPDATE SET "documents" = "document_counts"."documents" + excluded."documents";
  END IF;
  IF TG_OP = 'DELETE' OR TG_OP = 'UPDATE' THEN
    UPDATE "document_counts" c SET "documents" = c."documents" - r.n
    FROM (SELECT "business_id", "is_template", "type", "status", count(*) AS n FROM "removed_documents"
          GROUP BY "business_id", "is_template", "type", "status") r
    WHERE c."business_id" = r."business_id" AND c."is_template" = r."is_template" AND c."type" = r."type"
      AND c."status" = r."status";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "documents_count_added" AFTER INSERT ON "documents"
  REFERENCING NEW TABLE AS "added_documents" FOR EACH STATEMENT EXECUTE FUNCTION "document_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "documents_count_removed" AFTER DELETE ON "documents"
  REFERENCING OLD TABLE AS "removed_documents" FOR EACH STATEMENT EXECUTE FUNCTION "document_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "documents_count_moved" AFTER UPDATE ON "documents"
  REFERENCING OLD TABLE AS "removed_documents" NEW TABLE AS "added_documents" FOR EACH STATEMENT EXECUTE FUNCTION "document_counts_apply"();
--> statement-breakpoint
-- The documents already stored.
INSERT INTO "document_counts" ("business_id", "is_template", "type", "status", "documents")
SELECT "business_id", "is_template", "type", "status", count(*) FROM "documents"
GROUP BY "business_id", "is_template", "type", "status";
