-- The board counters (task_counts of 0013, project_counts of 0014) take their rows' locks in one order. Moves
-- into different columns run at once (each holds only its target column's lock, db/locks.ts): a move todo → blocked
-- and one blocked → todo each changed two counters, in opposite orders, and could deadlock. Now every statement
-- locks its counter rows sorted by business and column (an ordered upsert of the net changes; deletes lock in order
-- first), and a statement that changes no column changes no counter.
CREATE OR REPLACE FUNCTION "task_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "task_counts" ("business_id", "status", "tasks")
    SELECT "business_id", "status", count(*) FROM "added_tasks" GROUP BY "business_id", "status"
    ORDER BY "business_id", "status"
    ON CONFLICT ("business_id", "status") DO UPDATE SET "tasks" = "task_counts"."tasks" + excluded."tasks";
  ELSIF TG_OP = 'UPDATE' THEN
    -- The net change per column: a statement that changed no status (an edit, a move within a column, a renumbering)
    -- writes and locks no counter.
    INSERT INTO "task_counts" ("business_id", "status", "tasks")
    SELECT "business_id", "status", sum(d) FROM (
      SELECT "business_id", "status", 1 AS d FROM "added_tasks"
      UNION ALL
      SELECT "business_id", "status", -1 AS d FROM "removed_tasks"
    ) moved GROUP BY "business_id", "status" HAVING sum(d) <> 0
    ORDER BY "business_id", "status"
    ON CONFLICT ("business_id", "status") DO UPDATE SET "tasks" = "task_counts"."tasks" + excluded."tasks";
  ELSE
    -- Deletes only subtract (no insert: the business may be going too); the rows are locked in order first.
    PERFORM 1 FROM "task_counts" c
    WHERE (c."business_id", c."status") IN (SELECT DISTINCT "business_id", "status" FROM "removed_tasks")
    ORDER BY c."business_id", c."status" FOR UPDATE;
    UPDATE "task_counts" c SET "tasks" = c."tasks" - r.n
    FROM (SELECT "business_id", "status", count(*) AS n FROM "removed_tasks" GROUP BY "business_id", "status") r
    WHERE c."business_id" = r."business_id" AND c."status" = r."status";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "project_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "project_counts" ("business_id", "stage", "projects")
    SELECT "business_id", "stage", count(*) FROM "added_projects" GROUP BY "business_id", "stage"
    ORDER BY "business_id", "stage"
    ON CONFLICT ("business_id", "stage") DO UPDATE SET "projects" = "project_counts"."projects" + excluded."projects";
  ELSIF TG_OP = 'UPDATE' THEN
    -- The net change per column: a statement that changed no stage (an edit, a move within a column, a renumbering)
    -- writes and locks no counter.
    INSERT INTO "project_counts" ("business_id", "stage", "projects")
    SELECT "business_id", "stage", sum(d) FROM (
      SELECT "business_id", "stage", 1 AS d FROM "added_projects"
      UNION ALL
      SELECT "business_id", "stage", -1 AS d FROM "removed_projects"
    ) moved GROUP BY "business_id", "stage" HAVING sum(d) <> 0
    ORDER BY "business_id", "stage"
    ON CONFLICT ("business_id", "stage") DO UPDATE SET "projects" = "project_counts"."projects" + excluded."projects";
  ELSE
    -- Deletes only subtract (no insert: the business may be going too); the rows are locked in order first.
    PERFORM 1 FROM "project_counts" c
    WHERE (c."business_id", c."stage") IN (SELECT DISTINCT "business_id", "stage" FROM "removed_projects")
    ORDER BY c."business_id", c."stage" FOR UPDATE;
    UPDATE "project_counts" c SET "projects" = c."projects" - r.n
    FROM (SELECT "business_id", "stage", count(*) AS n FROM "removed_projects" GROUP BY "business_id", "stage") r
    WHERE c."business_id" = r."business_id" AND c."stage" = r."stage";
  END IF;
  RETURN NULL;
END $$;
