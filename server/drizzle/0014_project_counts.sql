CREATE TABLE "project_counts" (
	"business_id" text NOT NULL,
	"stage" text NOT NULL,
	"projects" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "project_counts_business_id_stage_pk" PRIMARY KEY("business_id","stage")
);
--> statement-breakpoint
ALTER TABLE "project_counts" ADD CONSTRAINT "project_counts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- project_counts: kept exact by statement-level triggers (as task_counts), one counter update per stage a
-- statement touched: inserts add, deletes subtract, a stage change moves the count between stages.
CREATE FUNCTION "project_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR TG_OP = 'UPDATE' THEN
    INSERT INTO "project_counts" ("business_id", "stage", "projects")
    SELECT "business_id", "stage", count(*) FROM "added_projects" GROUP BY "business_id", "stage"
    ON CONFLICT ("business_id", "stage") DO UPDATE SET "projects" = "project_counts"."projects" + excluded."projects";
  END IF;
  IF TG_OP = 'DELETE' OR TG_OP = 'UPDATE' THEN
    UPDATE "project_counts" c SET "projects" = c."projects" - r.n
    FROM (SELECT "business_id", "stage", count(*) AS n FROM "removed_projects" GROUP BY "business_id", "stage") r
    WHERE c."business_id" = r."business_id" AND c."stage" = r."stage";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "projects_count_added" AFTER INSERT ON "projects"
  REFERENCING NEW TABLE AS "added_projects" FOR EACH STATEMENT EXECUTE FUNCTION "project_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "projects_count_removed" AFTER DELETE ON "projects"
  REFERENCING OLD TABLE AS "removed_projects" FOR EACH STATEMENT EXECUTE FUNCTION "project_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "projects_count_moved" AFTER UPDATE ON "projects"
  REFERENCING OLD TABLE AS "removed_projects" NEW TABLE AS "added_projects" FOR EACH STATEMENT EXECUTE FUNCTION "project_counts_apply"();
--> statement-breakpoint
-- The projects already stored.
INSERT INTO "project_counts" ("business_id", "stage", "projects")
SELECT "business_id", "stage", count(*) FROM "projects" GROUP BY "business_id", "stage";
