CREATE TABLE "document_search" (
	"document_id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"is_template" boolean NOT NULL,
	"type" text NOT NULL,
	"search_text" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_search" ADD CONSTRAINT "document_search_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_search_trgm_idx" ON "document_search" USING gin ("search_text" gin_trgm_ops) WITH (gin_pending_list_limit=1024);--> statement-breakpoint
-- Inserts: one statement per INSERT on documents, from the transition table.
CREATE FUNCTION "document_search_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "document_search" ("document_id", "business_id", "is_template", "type", "search_text")
  SELECT "id", "business_id", "is_template", "type", "search_text" FROM "added_documents";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "documents_search_added" AFTER INSERT ON "documents"
  REFERENCING NEW TABLE AS "added_documents" FOR EACH STATEMENT EXECUTE FUNCTION "document_search_added"();
--> statement-breakpoint
-- Updates: per row, and only when the text, business, template flag or type changed (the WHEN clause is checked
-- without calling the function), so status moves and body edits cost nothing here.
CREATE FUNCTION "document_search_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "document_search"
  SET "search_text" = NEW."search_text", "business_id" = NEW."business_id", "is_template" = NEW."is_template",
      "type" = NEW."type"
  WHERE "document_id" = NEW."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "documents_search_changed" AFTER UPDATE ON "documents" FOR EACH ROW
  WHEN (OLD."search_text" IS DISTINCT FROM NEW."search_text" OR OLD."business_id" IS DISTINCT FROM NEW."business_id"
        OR OLD."is_template" IS DISTINCT FROM NEW."is_template" OR OLD."type" IS DISTINCT FROM NEW."type")
  EXECUTE FUNCTION "document_search_changed"();
--> statement-breakpoint
-- The documents already stored.
INSERT INTO "document_search" ("document_id", "business_id", "is_template", "type", "search_text")
SELECT "id", "business_id", "is_template", "type", "search_text" FROM "documents";
