CREATE TABLE "community_event_reminders" (
	"event_id" text NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_event_reminders_event_id_user_id_kind_pk" PRIMARY KEY("event_id","user_id","kind"),
	CONSTRAINT "community_event_reminders_kind_check" CHECK ("community_event_reminders"."kind" IN ('24h', '1h'))
);
--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "post_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "community_event_reminders" ADD CONSTRAINT "community_event_reminders_event_id_community_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."community_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_event_reminders" ADD CONSTRAINT "community_event_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "community_events_starts_idx" ON "community_events" USING btree ("starts_at");--> statement-breakpoint
-- communities.post_count: the community's posts not removed, kept exact by statement-level triggers on
-- community_posts (in the writing statement's transaction), so a feed page's total reads one row instead of counting
-- up to 100,000 posts. Inserts add, deletes subtract, an update adds or subtracts as removed_at changes.
CREATE FUNCTION "community_post_count_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "communities" c SET "post_count" = c."post_count" + d."n"
      FROM (SELECT "community_id", count(*)::int AS "n" FROM "added_posts" WHERE "removed_at" IS NULL
            GROUP BY "community_id") d
      WHERE c."id" = d."community_id";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "communities" c SET "post_count" = c."post_count" - d."n"
      FROM (SELECT "community_id", count(*)::int AS "n" FROM "removed_posts" WHERE "removed_at" IS NULL
            GROUP BY "community_id") d
      WHERE c."id" = d."community_id";
  ELSE
    UPDATE "communities" c SET "post_count" = c."post_count" + d."n"
      FROM (SELECT x."community_id", sum(x."n")::int AS "n" FROM (
              SELECT "community_id", 1 AS "n" FROM "added_posts" WHERE "removed_at" IS NULL
              UNION ALL
              SELECT "community_id", -1 AS "n" FROM "removed_posts" WHERE "removed_at" IS NULL
            ) x GROUP BY x."community_id") d
      WHERE c."id" = d."community_id" AND d."n" <> 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "community_posts_count_insert" AFTER INSERT ON "community_posts"
  REFERENCING NEW TABLE AS "added_posts" FOR EACH STATEMENT EXECUTE FUNCTION "community_post_count_apply"();--> statement-breakpoint
CREATE TRIGGER "community_posts_count_delete" AFTER DELETE ON "community_posts"
  REFERENCING OLD TABLE AS "removed_posts" FOR EACH STATEMENT EXECUTE FUNCTION "community_post_count_apply"();--> statement-breakpoint
CREATE TRIGGER "community_posts_count_update" AFTER UPDATE ON "community_posts"
  REFERENCING OLD TABLE AS "removed_posts" NEW TABLE AS "added_posts"
  FOR EACH STATEMENT EXECUTE FUNCTION "community_post_count_apply"();--> statement-breakpoint
UPDATE "communities" c SET "post_count" = (
  SELECT count(*)::int FROM "community_posts" p WHERE p."community_id" = c."id" AND p."removed_at" IS NULL
);
