DROP INDEX "documents_finance_open_idx";--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "received" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "documents_finance_open_idx" ON "documents" USING btree ("business_id","currency","due_date","total","received","id") WHERE type = 'invoice' AND is_template = false AND status IN ('sent', 'viewed');--> statement-breakpoint
-- documents.received: what each invoice received net of refunds (payments succeeded, partially_refunded or refunded),
-- kept exact by statement-level triggers on payments: the documents a statement's rows touched (before and after) get
-- their sum computed again, and written only when it changed. Finance reads it from documents_finance_open_idx alone
-- instead of probing every open invoice's payments on each overview.
CREATE FUNCTION "documents_received_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT "document_id") INTO ids FROM "added_payments" WHERE "document_id" IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT "document_id") INTO ids FROM "removed_payments" WHERE "document_id" IS NOT NULL;
  ELSE
    SELECT array_agg(DISTINCT x."document_id") INTO ids FROM (
      SELECT "document_id" FROM "added_payments" UNION SELECT "document_id" FROM "removed_payments"
    ) x WHERE x."document_id" IS NOT NULL;
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  UPDATE "documents" d SET "received" = r."received"
    FROM (
      SELECT i."id", coalesce((SELECT sum(p."amount" - p."amount_refunded") FROM "payments" p
                                WHERE p."document_id" = i."id"
                                  AND p."status" IN ('succeeded', 'partially_refunded', 'refunded')), 0) AS "received"
        FROM unnest(ids) AS i("id")
    ) r
   WHERE d."id" = r."id" AND d."received" IS DISTINCT FROM r."received";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "payments_received_added" AFTER INSERT ON "payments"
  REFERENCING NEW TABLE AS "added_payments" FOR EACH STATEMENT EXECUTE FUNCTION "documents_received_apply"();
--> statement-breakpoint
CREATE TRIGGER "payments_received_removed" AFTER DELETE ON "payments"
  REFERENCING OLD TABLE AS "removed_payments" FOR EACH STATEMENT EXECUTE FUNCTION "documents_received_apply"();
--> statement-breakpoint
CREATE TRIGGER "payments_received_changed" AFTER UPDATE ON "payments"
  REFERENCING OLD TABLE AS "removed_payments" NEW TABLE AS "added_payments"
  FOR EACH STATEMENT EXECUTE FUNCTION "documents_received_apply"();
--> statement-breakpoint
-- The invoices that already have payments.
UPDATE "documents" d SET "received" = s."received"
  FROM (SELECT "document_id", sum("amount" - "amount_refunded") AS "received" FROM "payments"
         WHERE "document_id" IS NOT NULL AND "status" IN ('succeeded', 'partially_refunded', 'refunded')
         GROUP BY "document_id") s
 WHERE d."id" = s."document_id";
