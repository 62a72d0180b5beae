-- task_search: the tasks' search text in a narrow table (as contact_search, migrations 0007/0008/0010), so a
-- search finds, counts and pages its matches on short rows instead of rechecking the wide tasks rows.
-- Hash-partitioned by business as contact_search (0010): a search names its business and reads one of 16
-- partitions and its trigram index. The business is in the primary key (partitioning asks for it), after task_id,
-- which serves the cascade from tasks and the update trigger.
CREATE TABLE "task_search" (
	"task_id" text NOT NULL,
	"business_id" text NOT NULL,
	"search_text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "task_search_task_id_business_id_pk" PRIMARY KEY("task_id","business_id")
) PARTITION BY HASH ("business_id");
--> statement-breakpoint
DO $$
BEGIN
  FOR i IN 0..15 LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF "task_search" FOR VALUES WITH (MODULUS 16, REMAINDER %s)',
      'task_search_p' || i, i);
  END LOOP;
END $$;--> statement-breakpoint
ALTER TABLE "task_search" ADD CONSTRAINT "task_search_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Created with its storage option, which each partition's index inherits (0009's cap).
CREATE INDEX "task_search_trgm_idx" ON "task_search" USING gin ("search_text" gin_trgm_ops) WITH (gin_pending_list_limit=1024);--> statement-breakpoint
-- Inserts: one statement per INSERT on tasks (a project's duplicate copies its tasks in one), from the transition
-- table.
CREATE FUNCTION "task_search_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "task_search" ("task_id", "business_id", "search_text", "created_at")
  SELECT "id", "business_id", "search_text", "created_at" FROM "added_tasks";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "tasks_search_added" AFTER INSERT ON "tasks"
  REFERENCING NEW TABLE AS "added_tasks" FOR EACH STATEMENT EXECUTE FUNCTION "task_search_added"();
--> statement-breakpoint
-- Updates: per row, and only when the text, business or created_at changed (the WHEN clause is checked without
-- calling the function), so the kanban's moves and other edits that leave them alone cost nothing here.
CREATE FUNCTION "task_search_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "task_search"
  SET "search_text" = NEW."search_text", "business_id" = NEW."business_id", "created_at" = NEW."created_at"
  WHERE "task_id" = NEW."id" AND "business_id" = OLD."business_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "tasks_search_changed" AFTER UPDATE ON "tasks" FOR EACH ROW
  WHEN (OLD."search_text" IS DISTINCT FROM NEW."search_text" OR OLD."business_id" IS DISTINCT FROM NEW."business_id"
        OR OLD."created_at" IS DISTINCT FROM NEW."created_at")
  EXECUTE FUNCTION "task_search_changed"();
--> statement-breakpoint
-- The tasks already stored.
INSERT INTO "task_search" ("task_id", "business_id", "search_text", "created_at")
SELECT "id", "business_id", "search_text", "created_at" FROM "tasks";--> statement-breakpoint
-- A search reads task_search now: the trigram index on the wide rows would only cost every write.
DROP INDEX "tasks_search_trgm_idx";
