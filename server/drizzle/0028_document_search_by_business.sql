-- document_search, hash-partitioned by business as task_search (0017) and contact_search (0010): a search names its
-- business, so PostgreSQL reads one of 16 partitions and its trigram index instead of one index shared by every
-- business. It also keeps the document's updated_at, so a search in the list's default order takes its page's ids
-- from these short rows (document_search_business_updated_idx) and reads only the page's documents rows.
-- Partitioning needs the business in the primary key: after document_id, which serves the cascade from documents
-- and the update trigger. The rows are rebuilt from documents.
DROP TABLE "document_search";--> statement-breakpoint
CREATE TABLE "document_search" (
	"document_id" text NOT NULL,
	"business_id" text NOT NULL,
	"is_template" boolean NOT NULL,
	"type" text NOT NULL,
	"search_text" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "document_search_document_id_business_id_pk" PRIMARY KEY("document_id","business_id")
) PARTITION BY HASH ("business_id");--> statement-breakpoint
DO $$
BEGIN
  FOR i IN 0..15 LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF "document_search" FOR VALUES WITH (MODULUS 16, REMAINDER %s)',
      'document_search_p' || i, i);
  END LOOP;
END $$;--> statement-breakpoint
ALTER TABLE "document_search" ADD CONSTRAINT "document_search_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Created with its storage option, which each partition's index inherits (0009's cap).
CREATE INDEX "document_search_trgm_idx" ON "document_search" USING gin ("search_text" gin_trgm_ops) WITH (gin_pending_list_limit=1024);--> statement-breakpoint
CREATE INDEX "document_search_business_updated_idx" ON "document_search" USING btree ("business_id","is_template","updated_at" DESC NULLS LAST,"document_id" DESC NULLS LAST);--> statement-breakpoint
CREATE OR REPLACE FUNCTION "document_search_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "document_search" ("document_id", "business_id", "is_template", "type", "search_text", "updated_at")
  SELECT "id", "business_id", "is_template", "type", "search_text", "updated_at" FROM "added_documents";
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Updates: per row, now also when updated_at moves (every save: one short row written beside the document's).
CREATE OR REPLACE FUNCTION "document_search_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "document_search"
  SET "search_text" = NEW."search_text", "business_id" = NEW."business_id", "is_template" = NEW."is_template",
      "type" = NEW."type", "updated_at" = NEW."updated_at"
  WHERE "document_id" = NEW."id" AND "business_id" = OLD."business_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "documents_search_changed" ON "documents";--> statement-breakpoint
CREATE TRIGGER "documents_search_changed" AFTER UPDATE ON "documents" FOR EACH ROW
  WHEN (OLD."search_text" IS DISTINCT FROM NEW."search_text" OR OLD."business_id" IS DISTINCT FROM NEW."business_id"
        OR OLD."is_template" IS DISTINCT FROM NEW."is_template" OR OLD."type" IS DISTINCT FROM NEW."type"
        OR OLD."updated_at" IS DISTINCT FROM NEW."updated_at")
  EXECUTE FUNCTION "document_search_changed"();
--> statement-breakpoint
-- The documents already stored.
INSERT INTO "document_search" ("document_id", "business_id", "is_template", "type", "search_text", "updated_at")
SELECT "id", "business_id", "is_template", "type", "search_text", "updated_at" FROM "documents";
