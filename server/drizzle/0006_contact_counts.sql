CREATE TABLE "contact_counts" (
	"business_id" text PRIMARY KEY NOT NULL,
	"contacts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_counts" ADD CONSTRAINT "contact_counts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Kept exact by statement-level triggers: one counter update per INSERT/DELETE statement (an import batch or a
-- bulk delete touches the counter once), from the transition tables.
CREATE FUNCTION "contact_counts_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "contact_counts" ("business_id", "contacts")
  SELECT "business_id", count(*) FROM "added_contacts" GROUP BY "business_id"
  ON CONFLICT ("business_id") DO UPDATE SET "contacts" = "contact_counts"."contacts" + excluded."contacts";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "contact_counts_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "contact_counts" c SET "contacts" = c."contacts" - r.n
  FROM (SELECT "business_id", count(*) AS n FROM "removed_contacts" GROUP BY "business_id") r
  WHERE c."business_id" = r."business_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "contacts_count_added" AFTER INSERT ON "contacts"
  REFERENCING NEW TABLE AS "added_contacts" FOR EACH STATEMENT EXECUTE FUNCTION "contact_counts_added"();
--> statement-breakpoint
CREATE TRIGGER "contacts_count_removed" AFTER DELETE ON "contacts"
  REFERENCING OLD TABLE AS "removed_contacts" FOR EACH STATEMENT EXECUTE FUNCTION "contact_counts_removed"();
--> statement-breakpoint
INSERT INTO "contact_counts" ("business_id", "contacts")
SELECT "business_id", count(*) FROM "contacts" GROUP BY "business_id";
