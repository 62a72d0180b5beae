-- A held payment given back (dismissed, or refunded in Stripe's dashboard) was stored as 'refunded' with its paid_at
-- from the hold, so finance_revenue_months counted money never applied to an invoice: paid in the month it was held,
-- refunded in the month it was given back — and, for a currency-mismatch hold, the received currency's amount under
-- the invoice's currency. Such rows (a held reason and a received amount kept; an applied or ordinary payment has
-- neither reason) become 'dismissed', which neither "received" nor the revenue trigger counts; the trigger takes
-- them out of their months (received_amount / received_currency keep what came and went back).
UPDATE "payments"
SET "status" = 'dismissed', "amount_refunded" = 0
WHERE "status" = 'refunded' AND "method" = 'card' AND "reason" IS NOT NULL AND "received_amount" IS NOT NULL;
