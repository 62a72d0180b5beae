-- contact_search, hash-partitioned by business: a search names its business, so PostgreSQL scans one of 16
-- partitions and its trigram index instead of one index shared by every business (a search rechecked every
-- business's rows holding the term's trigrams). The rows move over as they are; the contacts triggers of 0007/0008
-- name the table and write to the new one. Partitioning needs the business in the primary key: after contact_id,
-- which serves the cascade from contacts and the triggers' updates, and leaves the planner no business_id index to
-- combine with a search's trigram scan (with a partition's statistics stale after a big import it did, reading
-- 100k index entries).
ALTER TABLE "contact_search" RENAME TO "contact_search_unpartitioned";--> statement-breakpoint
ALTER INDEX "contact_search_pkey" RENAME TO "contact_search_unpartitioned_pkey";--> statement-breakpoint
ALTER INDEX "contact_search_trgm_idx" RENAME TO "contact_search_unpartitioned_trgm_idx";--> statement-breakpoint
CREATE TABLE "contact_search" (
	"contact_id" text NOT NULL,
	"business_id" text NOT NULL,
	"search_text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "contact_search_contact_id_business_id_pk" PRIMARY KEY("contact_id","business_id")
) PARTITION BY HASH ("business_id");--> statement-breakpoint
DO $$
BEGIN
  FOR i IN 0..15 LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF "contact_search" FOR VALUES WITH (MODULUS 16, REMAINDER %s)',
      'contact_search_p' || i, i);
  END LOOP;
END $$;--> statement-breakpoint
INSERT INTO "contact_search" ("contact_id", "business_id", "search_text", "created_at")
SELECT "contact_id", "business_id", "search_text", "created_at" FROM "contact_search_unpartitioned";--> statement-breakpoint
DROP TABLE "contact_search_unpartitioned";--> statement-breakpoint
ALTER TABLE "contact_search" ADD CONSTRAINT "contact_search_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Created with its storage option, which each partition's index inherits (0009's cap; a partitioned index
-- cannot be altered).
CREATE INDEX "contact_search_trgm_idx" ON "contact_search" USING gin ("search_text" gin_trgm_ops) WITH (gin_pending_list_limit=1024);
