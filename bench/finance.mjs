#!/usr/bin/env node
// Finance benchmark (`pnpm bench:api -- --suite=finance`): the finance overview and lists on PostgreSQL and PGlite.
// A benchmark that reports, not a test that passes or fails. Per database: fresh database → built server → one user
// registered through the API → 100,000 invoices over three years and their payments seeded through the driver
// (88 % paid — each with a card or manual payment, 4 % of those partly or fully refunded —, 8 % sent or viewed, half
// of them past due and a fifth with a deposit paid, 4 % drafts; 3 % in EUR) → autocannon per case with 1 and with
// 10 connections, after a baseline (GET /health) in the same run → the plans of the overview's statements.
// Issue #18's target: the finance overview p95 ≤ 50 ms with 100,000 invoices. See README.md.
import { int } from './lib.mjs';
import { benchDatabase, databases, reportRuns, rnd, runSuite, suiteOptions } from './suite.mjs';

const opts = suiteOptions(
  { invoices: { type: 'string' } },
  `pnpm bench:api -- --suite=finance [options]
  --db=pglite|postgres|both   default: both when PostgreSQL answers, else pglite
  --invoices=N                default 100000 (10000 with --quick)
  --duration=S                seconds per case (default 10, 3 with --quick)
  --json=FILE                 also write the results as JSON`,
);
const quick = opts.quick;
const N_INVOICES = int(opts.invoices, quick ? 10_000 : 100_000, 'invoices');
const DURATION = int(opts.duration, quick ? 3 : 10, 'duration');
const TARGET_MS = 50;

// ---------------------------------------------------------------------------------------------------------------
// Seeding: INSERT … SELECT generate_series, values derived from md5(row number) so runs are deterministic; dates
// relative to now() so the overview's 12 months always hold a third of them.

async function seed(db, { businessId, userId }) {
  const batch = db.kind === 'pglite' ? 10_000 : 50_000;
  const hours = 3 * 365 * 24;
  for (let from = 1; from <= N_INVOICES; from += batch) {
    const to = Math.min(N_INVOICES, from + batch - 1);
    // st 0–87 paid, 88–91 sent, 92–95 viewed, 96–99 draft.
    await db.query(
      `
      WITH s AS (
        SELECT n, ${rnd('st', 100)} AS st, ${rnd('cur', 100)} < 3 AS eur, 1000 * (1 + ${rnd('amt', 50)}) AS total,
          now() - (${rnd('at', hours)} || ' hours')::interval AS at
        FROM generate_series(${from}, ${to}) n
      )
      INSERT INTO documents (id, business_id, created_by, type, status, title, number, currency, line_items, totals,
                             total, due_date, sent_at, created_at, updated_at)
      SELECT 'i' || n, $1, $2, 'invoice',
        CASE WHEN st < 88 THEN 'paid' WHEN st < 92 THEN 'sent' WHEN st < 96 THEN 'viewed' ELSE 'draft' END,
        'Invoice #' || n, 'INV-' || lpad(n::text, 6, '0'), CASE WHEN eur THEN 'EUR' ELSE 'USD' END,
        jsonb_build_array(jsonb_build_object('id', 'l1', 'description', 'Work', 'quantity', '1', 'unitPrice', total,
          'discount', null, 'taxRateId', null, 'amount', total)),
        jsonb_build_object('subtotal', total, 'discount', 0, 'taxes', '[]'::jsonb, 'tax', 0, 'total', total,
          'deposit', 0, 'balance', total),
        total,
        -- Open invoices: every other one past due (due 30 days after it was made, made up to three years ago).
        CASE WHEN st >= 88 AND st < 96 AND n % 2 = 0 THEN now() - interval '5 days' ELSE at + interval '30 days' END,
        CASE WHEN st < 96 THEN at END, at, at + interval '1 hour'
      FROM s`,
      [businessId, userId],
    );
    // A payment per paid invoice (paid 1–20 days after it was made); a deposit of 30 % on a fifth of the open ones.
    await db.query(
      `
      INSERT INTO payments (id, business_id, document_id, invoice_number, method, kind, status, amount,
                            amount_refunded, currency, paid_at, refunded_at, created_at, updated_at)
      SELECT 'p' || d.id, d.business_id, d.id, d.number,
        CASE WHEN ${rnd('m', 4, 'd.id')} = 0 THEN 'manual' ELSE 'card' END,
        CASE WHEN d.status = 'paid' THEN 'full' ELSE 'deposit' END,
        CASE WHEN d.status <> 'paid' THEN 'succeeded'
             WHEN ${rnd('r', 50, 'd.id')} = 0 THEN 'refunded'
             WHEN ${rnd('r', 50, 'd.id')} = 1 THEN 'partially_refunded' ELSE 'succeeded' END,
        CASE WHEN d.status = 'paid' THEN d.total ELSE d.total * 3 / 10 END,
        CASE WHEN d.status <> 'paid' THEN 0
             WHEN ${rnd('r', 50, 'd.id')} = 0 THEN d.total
             WHEN ${rnd('r', 50, 'd.id')} = 1 THEN d.total / 4 ELSE 0 END,
        d.currency, d.created_at + (${rnd('pd', 20, 'd.id')} + 1 || ' days')::interval,
        CASE WHEN d.status = 'paid' AND ${rnd('r', 50, 'd.id')} < 2 THEN d.created_at + interval '40 days' END,
        d.created_at, d.created_at
      FROM documents d
      WHERE d.business_id = $1 AND d.id IN (SELECT 'i' || n FROM generate_series(${from}, ${to}) n)
        AND (d.status = 'paid' OR (d.status IN ('sent', 'viewed') AND ${rnd('dep', 5, 'd.id')} = 0))`,
      [businessId],
    );
  }
  await db.query(`INSERT INTO document_number_sequences (business_id, kind, last_value) VALUES ($1, 'invoice', $2)`, [
    businessId,
    N_INVOICES,
  ]);
  // VACUUM as autovacuum would after a load this size: the overview's indexes are read without the table only
  // where the visibility map says the pages are all visible.
  await db.query('VACUUM ANALYZE documents');
  await db.query('VACUUM ANALYZE payments');
}

// ---------------------------------------------------------------------------------------------------------------

function cases() {
  const list = [{ name: 'baseline: GET /health', path: '/api/v1/health' }];
  for (const connections of [1, 10]) {
    const each = (name, url, target = TARGET_MS) => ({
      name: `${name} (${connections} conn.)`,
      connections,
      path: url(0),
      target: target ?? undefined,
      next: (i) => ({ path: url(i) }),
    });
    list.push(
      each('overview', () => '/api/v1/finance/overview'),
      // The lists have no target of their own in the issue: reported.
      each('invoices, page 1', () => '/api/v1/finance/invoices', null),
      each('invoices, overdue', () => '/api/v1/finance/invoices?status=overdue', null),
      each('payments, pages 1–20', (i) => `/api/v1/finance/payments?page=${1 + (i % 20)}`, null),
    );
  }
  return list;
}

/** The plans of the overview's statements (the same SQL shape as finance.repository.ts). */
async function plans(db, businessId) {
  const out = [];
  for (const [name, q] of [
    [
      'revenue by month',
      `SELECT currency, month, paid, refunded FROM finance_revenue_months
       WHERE business_id = $1 AND month >= to_char(now() - interval '11 months', 'YYYY-MM')`,
    ],
    [
      'open balances',
      `WITH o AS MATERIALIZED (
         SELECT coalesce(d.currency, 'USD') AS currency, coalesce(d.total, 0) - d.received AS balance
         FROM documents d WHERE d.business_id = $1 AND d.type = 'invoice' AND d.is_template = false
           AND d.status IN ('sent', 'viewed'))
       SELECT currency, sum(balance), count(*) FROM o WHERE balance > 0 GROUP BY currency`,
    ],
  ]) {
    const { rows } = await db.query(`EXPLAIN (ANALYZE, COSTS OFF) ${q}`, [businessId]);
    out.push(`-- ${name}`, ...rows.map((r) => r['QUERY PLAN']));
  }
  return out;
}

async function benchDb(kind) {
  const r = await benchDatabase(kind, opts, 'finance', {
    what: `${N_INVOICES} invoices and their payments`,
    seed,
    inspect: (db, reg) => plans(db, reg.businessId),
    cases: cases(),
    run: { duration: DURATION, connections: 10 },
  });
  return { label: r.label, invoices: N_INVOICES, seedMs: r.seedMs, plan: r.inspected, cases: r.cases };
}

async function main() {
  const results = [];
  for (const kind of await databases(opts)) results.push(await benchDb(kind));
  return reportRuns(results, `Finance API: ${N_INVOICES} invoices in one business; ${DURATION} s per case`, opts);
}

runSuite(main);
