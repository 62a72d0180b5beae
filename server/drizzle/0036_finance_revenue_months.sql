CREATE TABLE "finance_revenue_months" (
	"business_id" text NOT NULL,
	"currency" text NOT NULL,
	"month" text NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "finance_revenue_months_business_id_month_currency_pk" PRIMARY KEY("business_id","month","currency")
);
--> statement-breakpoint
DROP INDEX "payments_finance_received_idx";--> statement-breakpoint
DROP INDEX "payments_finance_refunds_idx";--> statement-breakpoint
ALTER TABLE "finance_revenue_months" ADD CONSTRAINT "finance_revenue_months_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- finance_revenue_months: kept exact by statement-level triggers on payments (as document_counts): the rows a
-- statement added count in, the rows it removed count out (an update does both). A row counts its amount in its
-- paid month when received (succeeded, partially_refunded, refunded) and its amount_refunded in its refunded month.
-- Removing only updates existing months (they were added before), so a business deleted with its payments is no
-- foreign-key problem.
CREATE FUNCTION "finance_revenue_months_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR TG_OP = 'UPDATE' THEN
    UPDATE "finance_revenue_months" m SET "paid" = m."paid" - r."paid", "refunded" = m."refunded" - r."refunded"
    FROM (SELECT "business_id", "currency", "month", sum("paid") AS "paid", sum("refunded") AS "refunded" FROM (
    SELECT "business_id", "currency", to_char("paid_at" AT TIME ZONE 'UTC', 'YYYY-MM') AS "month", "amount" AS "paid", 0::bigint AS "refunded"
      FROM "removed_payments" WHERE "status" IN ('succeeded', 'partially_refunded', 'refunded') AND "paid_at" IS NOT NULL
    UNION ALL
    SELECT "business_id", "currency", to_char("refunded_at" AT TIME ZONE 'UTC', 'YYYY-MM'), 0::bigint, "amount_refunded"
      FROM "removed_payments" WHERE "status" IN ('partially_refunded', 'refunded') AND "refunded_at" IS NOT NULL
    ) x GROUP BY 1, 2, 3) r
    WHERE m."business_id" = r."business_id" AND m."month" = r."month" AND m."currency" = r."currency";
  END IF;
  IF TG_OP = 'INSERT' OR TG_OP = 'UPDATE' THEN
    INSERT INTO "finance_revenue_months" ("business_id", "currency", "month", "paid", "refunded")
    SELECT "business_id", "currency", "month", sum("paid"), sum("refunded") FROM (
    SELECT "business_id", "currency", to_char("paid_at" AT TIME ZONE 'UTC', 'YYYY-MM') AS "month", "amount" AS "paid", 0::bigint AS "refunded"
      FROM "added_payments" WHERE "status" IN ('succeeded', 'partially_refunded', 'refunded') AND "paid_at" IS NOT NULL
    UNION ALL
    SELECT "business_id", "currency", to_char("refunded_at" AT TIME ZONE 'UTC', 'YYYY-MM'), 0::bigint, "amount_refunded"
      FROM "added_payments" WHERE "status" IN ('partially_refunded', 'refunded') AND "refunded_at" IS NOT NULL
    ) x GROUP BY 1, 2, 3
    ON CONFLICT ("business_id", "month", "currency")
    DO UPDATE SET "paid" = "finance_revenue_months"."paid" + excluded."paid",
                  "refunded" = "finance_revenue_months"."refunded" + excluded."refunded";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "payments_revenue_added" AFTER INSERT ON "payments"
  REFERENCING NEW TABLE AS "added_payments" FOR EACH STATEMENT EXECUTE FUNCTION "finance_revenue_months_apply"();
--> statement-breakpoint
CREATE TRIGGER "payments_revenue_removed" AFTER DELETE ON "payments"
  REFERENCING OLD TABLE AS "removed_payments" FOR EACH STATEMENT EXECUTE FUNCTION "finance_revenue_months_apply"();
--> statement-breakpoint
CREATE TRIGGER "payments_revenue_moved" AFTER UPDATE ON "payments"
  REFERENCING OLD TABLE AS "removed_payments" NEW TABLE AS "added_payments" FOR EACH STATEMENT EXECUTE FUNCTION "finance_revenue_months_apply"();
--> statement-breakpoint
-- The payments already stored.
INSERT INTO "finance_revenue_months" ("business_id", "currency", "month", "paid", "refunded")
SELECT "business_id", "currency", "month", sum("paid"), sum("refunded") FROM (
    SELECT "business_id", "currency", to_char("paid_at" AT TIME ZONE 'UTC', 'YYYY-MM') AS "month", "amount" AS "paid", 0::bigint AS "refunded"
      FROM "payments" WHERE "status" IN ('succeeded', 'partially_refunded', 'refunded') AND "paid_at" IS NOT NULL
    UNION ALL
    SELECT "business_id", "currency", to_char("refunded_at" AT TIME ZONE 'UTC', 'YYYY-MM'), 0::bigint, "amount_refunded"
      FROM "payments" WHERE "status" IN ('partially_refunded', 'refunded') AND "refunded_at" IS NOT NULL
) x GROUP BY 1, 2, 3;
