#!/usr/bin/env node
// Documents benchmark (`pnpm bench:api -- --suite=documents`): the documents list on PostgreSQL and PGlite. A
// benchmark that reports, not a test that passes or fails. Per database: fresh database → built server → one user
// registered through the API → 1,000 contacts and 100,000 documents seeded through the driver (60 % invoices with
// numbers and line items, 25 % contracts, 15 % questionnaires; statuses spread; 2 % templates; most linked to a
// contact) → autocannon per list case with 1 and with 10 connections → the plans of the default page and of a
// search. Issue #17's target: the documents list p95 ≤ 50 ms with 100,000 documents. See README.md.
import { int } from './lib.mjs';
import { benchDatabase, databases, reportRuns, rnd, runSuite, suiteOptions } from './suite.mjs';

const opts = suiteOptions(
  { documents: { type: 'string' } },
  `pnpm bench:api -- --suite=documents [options]
  --db=pglite|postgres|both   default: both when PostgreSQL answers, else pglite
  --documents=N               default 100000 (10000 with --quick)
  --duration=S                seconds per case (default 10, 3 with --quick)
  --json=FILE                 also write the results as JSON`,
);
const quick = opts.quick;
const N_DOCUMENTS = int(opts.documents, quick ? 10_000 : 100_000, 'documents');
const N_CONTACTS = 1_000;
const DURATION = int(opts.duration, quick ? 3 : 10, 'duration');
const TARGET_MS = 50;
const TITLES = ['Kitchen remodel', 'Bathroom refresh', 'Garden design', 'Loft conversion', 'Walnut shelving'];
const FIRST = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Margaret', 'Ken'];
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Dijkstra', 'Liskov', 'Knuth', 'Hamilton', 'Thompson'];

// ---------------------------------------------------------------------------------------------------------------
// Seeding: INSERT … SELECT generate_series, values derived from md5(row number) so runs are deterministic.

const sqlArray = (values) => `ARRAY[${values.map((v) => `'${v}'`).join(',')}]`;

async function seed(db, { businessId, userId }) {
  await db.query(
    `INSERT INTO contacts (id, business_id, created_by, first_name, last_name, email)
     SELECT 'c' || n, $1, $2, (${sqlArray(FIRST)})[1 + ${rnd('f', FIRST.length)}],
       (${sqlArray(LAST)})[1 + ${rnd('l', LAST.length)}] || ' ' || n, 'contact' || n || '@example.com'
     FROM generate_series(1, ${N_CONTACTS}) n`,
    [businessId, userId],
  );
  const batch = db.kind === 'pglite' ? 10_000 : 50_000;
  const days = 3 * 365;
  for (let from = 1; from <= N_DOCUMENTS; from += batch) {
    const to = Math.min(N_DOCUMENTS, from + batch - 1);
    // kind 0–59 invoice, 60–84 contract, 85–99 questionnaire; template 2 %; no contact 10 %.
    await db.query(
      `
      WITH s AS (
        SELECT n, ${rnd('k', 100)} AS kind, ${rnd('t', 50)} = 0 AS template, ${rnd('c', 10)} AS nc,
          1 + ${rnd('i', N_CONTACTS)} AS contact, ${rnd('s', 5)} AS st,
          timestamptz '2024-01-01 00:00:00+00' + (${rnd('a', days * 24)} || ' hours')::interval AS at
        FROM generate_series(${from}, ${to}) n
      ), d AS (
        SELECT s.*, CASE WHEN kind < 60 THEN 'invoice' WHEN kind < 85 THEN 'contract' ELSE 'questionnaire' END AS type
        FROM s
      )
      INSERT INTO documents (id, business_id, created_by, type, status, title, number, contact_id, contact_name,
                             is_template, blocks, currency, line_items, totals, total, sent_at, created_at, updated_at)
      SELECT 'd' || n, $1, $2, d.type,
        CASE WHEN template THEN 'draft'
             ELSE (ARRAY['draft','sent','viewed', CASE WHEN d.type = 'invoice' THEN 'paid' ELSE 'completed' END,
                         'draft'])[1 + st] END,
        (${sqlArray(TITLES)})[1 + ${rnd('n', TITLES.length)}] || ' #' || n,
        CASE WHEN d.type = 'invoice' AND NOT template THEN 'INV-' || lpad(n::text, 6, '0') END,
        CASE WHEN nc > 0 AND NOT template THEN 'c' || contact END,
        CASE WHEN nc > 0 AND NOT template THEN c.first_name || ' ' || c.last_name END,
        template,
        jsonb_build_array(jsonb_build_object('id', 'b1', 'type', 'richText', 'html', '<p>Dear {{contact.firstName}}</p>')),
        CASE WHEN d.type = 'invoice' THEN 'USD' END,
        CASE WHEN d.type = 'invoice' THEN jsonb_build_array(jsonb_build_object('id', 'l1', 'description', 'Work',
          'quantity', '2', 'unitPrice', 5000, 'discount', null, 'taxRateId', null, 'amount', 10000)) ELSE '[]'::jsonb END,
        CASE WHEN d.type = 'invoice' THEN jsonb_build_object('subtotal', 10000, 'discount', 0, 'taxes', '[]'::jsonb,
          'tax', 0, 'total', 10000, 'deposit', 0, 'balance', 10000) END,
        CASE WHEN d.type = 'invoice' THEN 10000 END,
        CASE WHEN st IN (1, 2, 3) AND NOT template THEN at END,
        at, at + interval '1 hour'
      FROM d LEFT JOIN contacts c ON c.id = 'c' || d.contact AND c.business_id = $1`,
      [businessId, userId],
    );
  }
  await db.query(`INSERT INTO document_number_sequences (business_id, kind, last_value) VALUES ($1, 'invoice', $2)`, [
    businessId,
    N_DOCUMENTS,
  ]);
  await db.query('ANALYZE documents');
  await db.query('ANALYZE contacts');
  // A partitioned table's own statistics (what the planner estimates a search's matches from) are gathered only
  // by an explicit ANALYZE: autovacuum analyzes its partitions, never the parent.
  await db.query('ANALYZE document_search');
}

// ---------------------------------------------------------------------------------------------------------------

function cases() {
  const list = [{ name: 'baseline: GET /health', path: '/api/v1/health' }];
  const lastPage = Math.max(1, Math.floor((N_DOCUMENTS * 0.9) / 20 / 2));
  for (const connections of [1, 10]) {
    const each = (name, url, target = TARGET_MS) => ({
      name: `${name} (${connections} conn.)`,
      connections,
      path: url(0),
      target: target ?? undefined,
      next: (i) => ({ path: url(i) }),
    });
    list.push(
      each('list, page 1', () => '/api/v1/documents'),
      each('list, pages 1–50', (i) => `/api/v1/documents?page=${1 + (i % 50)}`),
      // OFFSET reads every row before the page: reported, without the list's target (nobody pages 2,000 deep).
      each('list, a deep page', (i) => `/api/v1/documents?page=${lastPage - (i % 10)}`, null),
      each('list, invoices', () => '/api/v1/documents?type=invoice'),
      each('list, status sent', () => '/api/v1/documents?status=sent'),
      each('list, a contact', (i) => `/api/v1/documents?contactId=c${1 + ((i * 7) % N_CONTACTS)}`),
      each('search, a title word', (i) => `/api/v1/documents?search=${['walnut', 'garden', 'loft'][i % 3]}`),
      each('search, a contact name', (i) => `/api/v1/documents?search=${['hopper', 'turing', 'knuth'][i % 3]}`),
      each('search, a number', (i) => `/api/v1/documents?search=INV-0${String(10_000 + ((i * 131) % 50_000))}`),
    );
  }
  return list;
}

/** The plans of the default page and of a search (the same SQL shape as documents.repository.ts). */
async function plans(db, businessId) {
  const out = [];
  for (const [name, where] of [
    ['page 1', ''],
    ['search hopper', ` AND d.search_text LIKE '%hopper%'`],
  ]) {
    for (const q of [
      `SELECT d.id, d.title, c.email, p.title FROM documents d LEFT JOIN contacts c ON c.id = d.contact_id
       LEFT JOIN projects p ON p.id = d.project_id WHERE d.business_id = $1 AND d.is_template = false${where}
       ORDER BY d.updated_at DESC NULLS LAST, d.id DESC NULLS LAST LIMIT 20`,
      `SELECT count(*) FROM documents d WHERE d.business_id = $1 AND d.is_template = false${where}`,
    ]) {
      const { rows } = await db.query(`EXPLAIN (ANALYZE, COSTS OFF) ${q}`, [businessId]);
      out.push(`-- ${name}`, ...rows.map((r) => r['QUERY PLAN']));
    }
  }
  return out;
}

async function benchDb(kind) {
  const r = await benchDatabase(kind, opts, 'documents', {
    what: `${N_DOCUMENTS} documents, ${N_CONTACTS} contacts`,
    seed,
    inspect: (db, reg) => plans(db, reg.businessId),
    cases: cases(),
    run: { duration: DURATION, connections: 10 },
  });
  return { label: r.label, documents: N_DOCUMENTS, seedMs: r.seedMs, plan: r.inspected, cases: r.cases };
}

async function main() {
  const results = [];
  for (const kind of await databases(opts)) results.push(await benchDb(kind));
  return reportRuns(results, `Documents API: ${N_DOCUMENTS} documents in one business; ${DURATION} s per case`, opts);
}

runSuite(main);
