CREATE TABLE "contact_search" (
	"contact_id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"search_text" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_search" ADD CONSTRAINT "contact_search_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_search_trgm_idx" ON "contact_search" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- Kept in step by statement-level triggers (one statement per INSERT/UPDATE on contacts, from the transition
-- tables); deletes follow through the foreign key.
CREATE FUNCTION "contact_search_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "contact_search" ("contact_id", "business_id", "search_text")
  SELECT "id", "business_id", "search_text" FROM "added_contacts";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "contact_search_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "contact_search" s SET "search_text" = c."search_text", "business_id" = c."business_id"
  FROM "changed_contacts" c
  WHERE s."contact_id" = c."id" AND (s."search_text" <> c."search_text" OR s."business_id" <> c."business_id");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "contacts_search_added" AFTER INSERT ON "contacts"
  REFERENCING NEW TABLE AS "added_contacts" FOR EACH STATEMENT EXECUTE FUNCTION "contact_search_added"();
--> statement-breakpoint
CREATE TRIGGER "contacts_search_changed" AFTER UPDATE ON "contacts"
  REFERENCING NEW TABLE AS "changed_contacts" FOR EACH STATEMENT EXECUTE FUNCTION "contact_search_changed"();
--> statement-breakpoint
INSERT INTO "contact_search" ("contact_id", "business_id", "search_text")
SELECT "id", "business_id", "search_text" FROM "contacts";
