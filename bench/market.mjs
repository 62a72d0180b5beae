#!/usr/bin/env node
// Marketplace benchmark (`pnpm bench:market`): the listing search on PostgreSQL and PGlite. A benchmark that
// reports, not a test that passes or fails. Per database: fresh database → built server → one user registered
// through the API → 1,000 businesses each with a seller, 50 communities (10 approval-only; the bench user an active
// member of 25 of them, 5 of those private) and 100,000 listings (100 per business) seeded through the driver →
// autocannon on the search at 1 connection, with GET /health as the baseline in the same run → the plans of the
// default page and of a text search. Issue #20's target: marketplace search p95 ≤ 50 ms with 100,000 listings
// across 1,000 businesses. See README.md.
import { int } from './lib.mjs';
import { benchDatabase, databases, reportRuns, rnd, runSuite, suiteOptions } from './suite.mjs';

const opts = suiteOptions(
  { listings: { type: 'string' } },
  `pnpm bench:market [options]
  --db=pglite|postgres|both   default: both when PostgreSQL answers, else pglite
  --listings=N                default 100000 (10000 with --quick)
  --duration=S                seconds per case (default 10, 3 with --quick)
  --json=FILE                 also write the results as JSON`,
);
const quick = opts.quick;
const N_LISTINGS = int(opts.listings, quick ? 10_000 : 100_000, 'listings');
const N_BUSINESSES = 1_000;
const N_COMMUNITIES = 50;
const DURATION = int(opts.duration, quick ? 3 : 10, 'duration');
const TARGET_MS = 50;
const WORDS = ['Logo design', 'Walnut desk', 'Tax return help', 'SEO audit', 'Brand workshop', 'Office chair'];
const CATEGORIES = ['design', 'equipment', 'finance', 'marketing', 'training', 'equipment'];
const CURRENCIES = ['USD', 'USD', 'USD', 'EUR', 'GBP'];

const sqlArray = (values) => `ARRAY[${values.map((v) => `'${v}'`).join(',')}]`;

async function seed(db, { userId }) {
  await db.query(
    `INSERT INTO users (id, email, password_hash, first_name, last_name)
     SELECT 'u' || n, 'seller' || n || '@example.com', 'x', 'Seller', 'Number ' || n FROM generate_series(1, ${N_BUSINESSES}) n`,
  );
  await db.query(
    `INSERT INTO businesses (id, name, slug, settings, typography, colors, created_by)
     SELECT 'b' || n, 'Business ' || n, 'bench-business-' || n, '{}'::jsonb, '{}'::jsonb, '{}'::jsonb, 'u' || n
     FROM generate_series(1, ${N_BUSINESSES}) n`,
  );
  // Communities 1–40 public, 41–50 approval-only; the bench user is an active member of 21–45.
  await db.query(
    `INSERT INTO communities (id, name, visibility, member_count)
     SELECT 'm' || n, 'Bench community ' || n, CASE WHEN n > 40 THEN 'private' ELSE 'public' END, 1
     FROM generate_series(1, ${N_COMMUNITIES}) n`,
  );
  await db.query(
    `INSERT INTO community_members (community_id, user_id, role, status)
     SELECT 'm' || n, $1, 'member', 'active' FROM generate_series(21, 45) n`,
    [userId],
  );
  const batch = db.kind === 'pglite' ? 10_000 : 50_000;
  const days = 2 * 365;
  for (let from = 1; from <= N_LISTINGS; from += batch) {
    const to = Math.min(N_LISTINGS, from + batch - 1);
    await db.query(
      `
      WITH s AS (
        SELECT n, ${rnd('w', WORDS.length)} AS w, ${rnd('cur', CURRENCIES.length)} AS cur,
          1 + ${rnd('c', N_COMMUNITIES)} AS community, 1 + ((n - 1) % ${N_BUSINESSES}) AS business,
          100 * (10 + ${rnd('p', 5000)}) AS price, ${rnd('st', 20)} AS st,
          timestamptz '2025-01-01 00:00:00+00' + (${rnd('a', days * 24)} || ' hours')::interval AS at
        FROM generate_series(${from}, ${to}) n
      ), l AS (
        SELECT s.*, (${sqlArray(WORDS)})[1 + w] || ' #' || n AS title,
          'Delivered with care by business ' || business || '. Revisions included.' AS description
        FROM s
      )
      INSERT INTO market_listings (id, community_id, business_id, seller_id, title, description, price, currency,
                                   category, delivery, status, search_text, rating_sum, rating_count, created_at, updated_at)
      SELECT 'l' || n, 'm' || community, 'b' || business, 'u' || business, title, description, price,
        (${sqlArray(CURRENCIES)})[1 + cur], (${sqlArray(CATEGORIES)})[1 + w],
        CASE WHEN w IN (1, 5) THEN 'product' ELSE 'service' END,
        CASE WHEN st = 0 THEN 'paused' WHEN st = 1 THEN 'archived' ELSE 'active' END,
        lower(title || ' ' || description), 4 * (n % 7), n % 7, at, at
      FROM l`,
    );
  }
  for (const table of ['market_listings', 'communities', 'community_members', 'users', 'businesses'])
    await db.query(`ANALYZE ${table}`);
}

// ---------------------------------------------------------------------------------------------------------------

function cases() {
  const each = (name, url) => ({
    name,
    connections: 1,
    path: url(0),
    target: TARGET_MS,
    next: (i) => ({ path: url(i) }),
  });
  const L = '/api/v1/marketplace/listings';
  return [
    { name: 'baseline: GET /health', path: '/api/v1/health', connections: 1 },
    each('search, page 1 (newest)', () => L),
    each('search, pages 1–50', (i) => `${L}?page=${1 + (i % 50)}`),
    each('search, a word', (i) => `${L}?q=${['walnut', 'logo', 'audit', 'workshop'][i % 4]}`),
    each('search, a listing number', (i) => `${L}?q=%23${1000 + ((i * 7919) % 90_000)}`),
    each('search, category + delivery', (i) => `${L}?category=${['design', 'equipment'][i % 2]}&delivery=service`),
    each(
      'search, price range by price',
      (i) => `${L}?minPrice=${10_000 + (i % 50) * 1000}&maxPrice=200000&sort=price_asc`,
    ),
    each('search, EUR by price down', () => `${L}?currency=EUR&sort=price_desc`),
    each('search, word + filters', (i) => `${L}?q=${['desk', 'chair'][i % 2]}&delivery=product&maxPrice=300000`),
    each('search, one community', (i) => `${L}?communityId=m${1 + (i % 45)}`),
  ];
}

/** The plans of a page's ids and of its capped count (the SQL shape of marketplace.repository.ts `search`). */
async function plans(db, userId) {
  const out = [];
  const visible = `l.community_id = ANY (ARRAY(SELECT c2.id FROM communities c2 WHERE c2.visibility = 'public' UNION ALL SELECT m.community_id FROM community_members m WHERE m.user_id = $1 AND m.status = 'active'))`;
  for (const [name, where, order] of [
    ['page 1', '', 'l.created_at DESC NULLS LAST, l.id DESC NULLS LAST'],
    ['search walnut', ` AND l.search_text LIKE '%walnut%'`, 'l.created_at DESC NULLS LAST, l.id DESC NULLS LAST'],
    ['EUR by price down', ` AND l.currency = 'EUR'`, 'l.price DESC, l.id DESC'],
    ...['design', 'equipment'].map((c) => [
      `${c} + service`,
      ` AND l.category = '${c}' AND l.delivery = 'service'`,
      'l.created_at DESC NULLS LAST, l.id DESC NULLS LAST',
    ]),
  ]) {
    for (const q of [
      `SELECT l.id FROM market_listings l WHERE l.status = 'active' AND ${visible}${where}
       ORDER BY ${order} LIMIT 20`,
      `SELECT count(*) FROM (SELECT 1 FROM market_listings l
       WHERE l.status = 'active' AND ${visible}${where} LIMIT 1000) capped`,
    ]) {
      const { rows } = await db.query(`EXPLAIN (ANALYZE, COSTS OFF) ${q}`, [userId]);
      out.push(`-- ${name}`, ...rows.map((r) => r['QUERY PLAN']));
    }
  }
  return out;
}

async function benchDb(kind) {
  const r = await benchDatabase(kind, opts, 'market', {
    what: `${N_LISTINGS} listings across ${N_BUSINESSES} businesses, ${N_COMMUNITIES} communities`,
    seed,
    inspect: (db, reg) => plans(db, reg.userId),
    cases: cases(),
    run: { duration: DURATION, connections: 1 },
  });
  return { label: r.label, listings: N_LISTINGS, seedMs: r.seedMs, plan: r.inspected, cases: r.cases };
}

async function main() {
  const results = [];
  for (const kind of await databases(opts)) results.push(await benchDb(kind));
  return reportRuns(
    results,
    `Marketplace search: ${N_LISTINGS} listings across ${N_BUSINESSES} businesses; ${DURATION} s per case`,
    opts,
  );
}

runSuite(main);
