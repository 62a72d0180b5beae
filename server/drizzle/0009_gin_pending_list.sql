-- Custom: the trigram indexes' pending list is capped at 1 MB (schema.ts SMALL_PENDING_LIST). drizzle-kit would
-- rebuild the indexes; setting the storage parameter is instant and holds no lock for long. A list already longer
-- is merged by the next insert.
ALTER INDEX "contact_search_trgm_idx" SET (gin_pending_list_limit = 1024);--> statement-breakpoint
ALTER INDEX "contacts_search_trgm_idx" SET (gin_pending_list_limit = 1024);--> statement-breakpoint
ALTER INDEX "notes_search_trgm_idx" SET (gin_pending_list_limit = 1024);
