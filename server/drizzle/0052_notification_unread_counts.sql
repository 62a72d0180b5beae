CREATE TABLE "notification_unread_counts" (
	"user_id" text NOT NULL,
	"business_key" text NOT NULL,
	"unread" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "notification_unread_counts_user_id_business_key_pk" PRIMARY KEY("user_id","business_key")
);
--> statement-breakpoint
ALTER TABLE "notification_unread_counts" ADD CONSTRAINT "notification_unread_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- notification_unread_counts: kept exact by statement-level triggers (as document_counts), one counter update per
-- (user, business) a statement touched, counting only unread rows: an insert adds its unread ones, a delete subtracts
-- them, an update (read, read all) moves them out. Upserts go in key order, so two statements lock counters alike.
CREATE FUNCTION "notification_unread_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR TG_OP = 'UPDATE' THEN
    INSERT INTO "notification_unread_counts" ("user_id", "business_key", "unread")
    SELECT "user_id", coalesce("business_id", ''), count(*) FROM "added_notifications"
    WHERE "read_at" IS NULL
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("user_id", "business_key")
    DO UPDATE SET "unread" = "notification_unread_counts"."unread" + excluded."unread";
  END IF;
  IF TG_OP = 'DELETE' OR TG_OP = 'UPDATE' THEN
    UPDATE "notification_unread_counts" c SET "unread" = c."unread" - r.n
    FROM (SELECT "user_id", coalesce("business_id", '') AS "business_key", count(*) AS n FROM "removed_notifications"
          WHERE "read_at" IS NULL GROUP BY 1, 2) r
    WHERE c."user_id" = r."user_id" AND c."business_key" = r."business_key";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "notifications_unread_added" AFTER INSERT ON "notifications"
  REFERENCING NEW TABLE AS "added_notifications" FOR EACH STATEMENT EXECUTE FUNCTION "notification_unread_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "notifications_unread_removed" AFTER DELETE ON "notifications"
  REFERENCING OLD TABLE AS "removed_notifications" FOR EACH STATEMENT EXECUTE FUNCTION "notification_unread_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "notifications_unread_moved" AFTER UPDATE ON "notifications"
  REFERENCING OLD TABLE AS "removed_notifications" NEW TABLE AS "added_notifications" FOR EACH STATEMENT EXECUTE FUNCTION "notification_unread_counts_apply"();
--> statement-breakpoint
-- The notifications already stored.
INSERT INTO "notification_unread_counts" ("user_id", "business_key", "unread")
SELECT "user_id", coalesce("business_id", ''), count(*) FROM "notifications" WHERE "read_at" IS NULL GROUP BY 1, 2;
