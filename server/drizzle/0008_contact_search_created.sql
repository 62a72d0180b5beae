ALTER TABLE "contact_search" ADD COLUMN "created_at" timestamp with time zone;--> statement-breakpoint
UPDATE "contact_search" s SET "created_at" = c."created_at" FROM "contacts" c WHERE c."id" = s."contact_id";--> statement-breakpoint
ALTER TABLE "contact_search" ALTER COLUMN "created_at" SET NOT NULL;--> statement-breakpoint
-- The triggers of 0007 now also carry created_at (a search in the default order pages from contact_search alone).
CREATE OR REPLACE FUNCTION "contact_search_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "contact_search" ("contact_id", "business_id", "search_text", "created_at")
  SELECT "id", "business_id", "search_text", "created_at" FROM "added_contacts";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "contact_search_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "contact_search" s
  SET "search_text" = c."search_text", "business_id" = c."business_id", "created_at" = c."created_at"
  FROM "changed_contacts" c
  WHERE s."contact_id" = c."id"
    AND (s."search_text" <> c."search_text" OR s."business_id" <> c."business_id" OR s."created_at" <> c."created_at");
  RETURN NULL;
END $$;
