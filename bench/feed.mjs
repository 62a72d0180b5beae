#!/usr/bin/env node
// Community feed benchmark (`pnpm bench:feed`): a community's feed page with 100,000 posts, on PostgreSQL and
// PGlite. A benchmark that reports, not a test that passes or fails. Per database: fresh database → built server
// (build it first: `pnpm --filter @atrium/server build`) → one user registered through the API → one public community
// they own with 100,000 posts over the last ~70 days (a tenth with two comments, a fifth with a reaction) and a
// second community of 20,000 posts beside it, seeded through the driver (communities.post_count kept by migration
// 0050's triggers) → autocannon per case with 1 and with 10 connections, after a baseline (GET /health) in the same
// run → the plan of the page's statement and the total's read.
// Issue #20's target: a community feed page p95 ≤ 50 ms with 100,000 posts. See README.md.
import { int } from './lib.mjs';
import { benchDatabase, databases, reportRuns, rnd, runSuite, suiteOptions } from './suite.mjs';

const opts = suiteOptions(
  { posts: { type: 'string' } },
  `pnpm bench:feed [options]
  --db=pglite|postgres|both   default: both when PostgreSQL answers, else pglite
  --posts=N                   default 100000 (10000 with --quick)
  --duration=S                seconds per case (default 10, 3 with --quick)
  --json=FILE                 also write the results as JSON`,
);
const quick = opts.quick;
const N_POSTS = int(opts.posts, quick ? 10_000 : 100_000, 'posts');
const DURATION = int(opts.duration, quick ? 3 : 10, 'duration');
const TARGET_MS = 50;
const FEED = 'bench-feed';
const OTHER = 'bench-feed-other';

async function seedPosts(db, communityId, prefix, count, userId) {
  const batch = db.kind === 'pglite' ? 10_000 : 50_000;
  for (let from = 1; from <= count; from += batch) {
    const to = Math.min(count, from + batch - 1);
    await db.query(
      `INSERT INTO community_posts (id, community_id, author_id, body, created_at)
       SELECT '${prefix}' || n, $1, $2, 'Post ' || n || ': ' || md5(n::text), now() - (n || ' minutes')::interval
       FROM generate_series(${from}, ${to}) n`,
      [communityId, userId],
    );
    await db.query(
      `INSERT INTO community_post_comments (id, post_id, author_id, body, created_at)
       SELECT '${prefix}c' || n || '-' || k, '${prefix}' || n, $1, 'Comment ' || k, now()
       FROM generate_series(${from}, ${to}) n, generate_series(1, 2) k WHERE ${rnd('c', 10)} = 0`,
      [userId],
    );
    await db.query(
      `INSERT INTO community_post_reactions (post_id, user_id, kind)
       SELECT '${prefix}' || n, $1, 'like' FROM generate_series(${from}, ${to}) n WHERE ${rnd('r', 5)} = 0`,
      [userId],
    );
  }
}

async function seed(db, { businessId, userId }) {
  for (const [id, name] of [
    [FEED, 'Bench feed'],
    [OTHER, 'Bench feed (other)'],
  ]) {
    await db.query(
      `INSERT INTO communities (id, name, visibility, business_id, created_by, member_count)
       VALUES ($1, $2, 'public', $3, $4, 1)`,
      [id, name, businessId, userId],
    );
    await db.query(`INSERT INTO community_members (community_id, user_id, role) VALUES ($1, $2, 'owner')`, [
      id,
      userId,
    ]);
  }
  await seedPosts(db, FEED, 'fp', N_POSTS, userId);
  await seedPosts(db, OTHER, 'op', Math.round(N_POSTS / 5), userId);
  for (const t of ['communities', 'community_posts', 'community_post_comments', 'community_post_reactions'])
    await db.query(`VACUUM ANALYZE ${t}`);
  const { rows } = await db.query('SELECT post_count FROM communities WHERE id = $1', [FEED]);
  if (Number(rows[0]?.post_count) !== N_POSTS) throw new Error(`post_count ${rows[0]?.post_count}, not ${N_POSTS}`);
}

function cases() {
  const list = [{ name: 'baseline: GET /health', path: '/api/v1/health' }];
  for (const connections of [1, 10]) {
    const each = (name, url) => ({
      name: `${name} (${connections} conn.)`,
      connections,
      path: url(0),
      target: TARGET_MS,
      next: (i) => ({ path: url(i) }),
    });
    list.push(
      each('feed, page 1', () => `/api/v1/communities/${FEED}/posts`),
      each('feed, pages 1–20', (i) => `/api/v1/communities/${FEED}/posts?page=${1 + (i % 20)}`),
    );
  }
  return list;
}

/** The plans of a page (the same shape as communities.repository.ts `posts`, without the per-row subqueries). */
async function plans(db) {
  const out = [];
  for (const [name, q] of [
    [
      'page 1',
      `SELECT id FROM community_posts WHERE community_id = $1 AND removed_at IS NULL
       ORDER BY created_at DESC NULLS LAST, id DESC NULLS LAST LIMIT 20 OFFSET 0`,
    ],
    ['total (kept count)', `SELECT post_count FROM communities WHERE id = $1`],
    [
      'total (counted, as before 0050)',
      `SELECT count(*) FROM community_posts WHERE community_id = $1 AND removed_at IS NULL`,
    ],
  ]) {
    const { rows } = await db.query(`EXPLAIN (ANALYZE, COSTS OFF) ${q}`, [FEED]);
    out.push(`-- ${name}`, ...rows.map((r) => r['QUERY PLAN']));
  }
  return out;
}

async function benchDb(kind) {
  const r = await benchDatabase(kind, opts, 'feed', {
    what: `${N_POSTS} posts in one community (and ${Math.round(N_POSTS / 5)} in another)`,
    seed,
    inspect: (db) => plans(db),
    cases: cases(),
    run: { duration: DURATION, connections: 10 },
  });
  return { label: r.label, posts: N_POSTS, seedMs: r.seedMs, plan: r.inspected, cases: r.cases };
}

async function main() {
  const results = [];
  for (const kind of await databases(opts)) results.push(await benchDb(kind));
  return reportRuns(results, `Community feed: ${N_POSTS} posts in one community; ${DURATION} s per case`, opts);
}

runSuite(main);
