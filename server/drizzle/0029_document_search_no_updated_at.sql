-- 0028 kept each document's updated_at in document_search for a search's page; the page comes from documents
-- (a partitioned parent's statistics come only from an explicit ANALYZE, and without them a rare term's page walked
-- the whole order index). Drop the column and its index, and let the triggers write only what a search counts
-- again, so a save that leaves the text, business, template flag and type alone writes nothing here.
DROP INDEX "document_search_business_updated_idx";--> statement-breakpoint
DROP TRIGGER "documents_search_changed" ON "documents";--> statement-breakpoint
CREATE OR REPLACE FUNCTION "document_search_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "document_search" ("document_id", "business_id", "is_template", "type", "search_text")
  SELECT "id", "business_id", "is_template", "type", "search_text" FROM "added_documents";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "document_search_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "document_search"
  SET "search_text" = NEW."search_text", "business_id" = NEW."business_id", "is_template" = NEW."is_template",
      "type" = NEW."type"
  WHERE "document_id" = NEW."id" AND "business_id" = OLD."business_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
ALTER TABLE "document_search" DROP COLUMN "updated_at";--> statement-breakpoint
CREATE TRIGGER "documents_search_changed" AFTER UPDATE ON "documents" FOR EACH ROW
  WHEN (OLD."search_text" IS DISTINCT FROM NEW."search_text" OR OLD."business_id" IS DISTINCT FROM NEW."business_id"
        OR OLD."is_template" IS DISTINCT FROM NEW."is_template" OR OLD."type" IS DISTINCT FROM NEW."type")
  EXECUTE FUNCTION "document_search_changed"();
