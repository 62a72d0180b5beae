/**
 * `pnpm bench:webhooks`: Stripe webhook deliveries against the built server, at a bounded rate, with duplicates
 * mixed in, then the rows counted to show every event was processed exactly once (issue #18: 100 deliveries per
 * second processed exactly once). Prints figures, not a pass/fail timing test; exits 1 only when the counts are
 * wrong or deliveries failed.
 *
 * Per database (PostgreSQL when it answers, and PGlite; --db to choose): a fresh database, the built server with
 * STRIPE_* pointed at the local Stripe fake (server/test/fakes/stripe.ts), one business that connects its Stripe
 * account through the fake's onboarding, N sent invoices each with a Checkout Session made through the public pay
 * flow. Then three distinct events per invoice signed as Stripe signs them — checkout.session.completed, then (after
 * all payments) charge.refunded with amount_refunded 100, then 200 — every other one delivered twice in a row (so the
 * two copies are in flight together on different connections), then every distinct event once more (Stripe's
 * retries of whatever was not answered 2xx, as a superset). autocannon sends them at --rate per second over --connections; a baseline
 * run of GET /health at the same rate follows. Afterwards: stripe_events rows = distinct events, payments succeeded or
 * partially refunded = N with Σ amount_refunded = N × 200.
 *
 * Options: --db pglite|postgres|both, --invoices N (default 600 → 1800 distinct events, 2700 deliveries, 27 s at
 * 100/s), --rate (100), --connections (10), --pg-url. Builds the server into server/dist-webhooks-bench first.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { freshDatabase, openDb, percentile, pgAnswers } from './cannon.mjs';
import { startStripeFake } from '../server/test/fakes/stripe';

// lib.mjs reads BENCH_SERVER_MAIN when it loads: this bench's own build of the server, so a concurrent e2e run on
// server/dist is left alone.
const repoRoot = path.resolve(import.meta.dirname, '..');
process.env.BENCH_SERVER_MAIN ??= path.join(repoRoot, 'server', 'dist-webhooks-bench', 'main.js');
const { cleanups, log, register, runCleanups, startServer } = await import('./lib.mjs');

const { values: opts } = parseArgs({
  args: process.argv.slice(2).filter((a, i) => !(i === 0 && a === '--')),
  options: {
    db: { type: 'string' },
    invoices: { type: 'string', default: '600' },
    rate: { type: 'string', default: '100' },
    connections: { type: 'string', default: '10' },
    'pg-url': { type: 'string', default: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    'no-build': { type: 'boolean', default: false },
  },
});
const INVOICES = Number(opts.invoices);
const RATE = Number(opts.rate);
const CONNECTIONS = Number(opts.connections);
const SECRET = `whsec_bench_${randomBytes(8).toString('hex')}`;
const API = '/api/v1';

type Json = Record<string, unknown>;

async function json(res: Response): Promise<Json> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as Json;
}

/** A signed-out visitor of one address (TRUST_PROXY: X-Forwarded-For), with the anonymous CSRF pair. */
async function visitor(base: string, ip: string) {
  const res = await fetch(`${base}${API}/auth/csrf`, { headers: { 'x-forwarded-for': ip } });
  const cookie = res.headers
    .getSetCookie()
    .map((l) => l.split(';')[0]!)
    .join('; ');
  const xsrf = decodeURIComponent(/atrium_xsrf=([^;]+)/.exec(cookie)?.[1] ?? '');
  return (p: string) =>
    fetch(`${base}${API}${p}`, {
      method: 'POST',
      headers: {
        cookie,
        'x-xsrf-token': xsrf,
        'x-forwarded-for': ip,
        'content-type': 'application/json',
      },
      body: '{}',
    }).then(json);
}

async function pool<T>(items: T[], width: number, fn: (item: T, i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i]!, i);
      }
    }),
  );
}

interface Run {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  bad: Map<number, number>;
}

async function fire(base: string, requests: { method: string; path: string; body?: string; headers?: Json }[]) {
  const latencies: number[] = [];
  const bad = new Map<number, number>();
  let i = 0;
  const instance = autocannon({
    url: base,
    connections: CONNECTIONS,
    pipelining: 1,
    overallRate: RATE,
    amount: requests.length,
    timeout: 30,
    requests: [
      {
        setupRequest: (req: Json) => {
          const r = requests[i++ % requests.length]!;
          return { ...req, method: r.method, path: r.path, body: r.body, headers: { ...(r.headers ?? {}) } };
        },
      },
    ],
  });
  instance.on('response', (_c: unknown, status: number, _b: unknown, ms: number) => {
    latencies.push(ms);
    if (status < 200 || status > 299) bad.set(status, (bad.get(status) ?? 0) + 1);
  });
  const result = (await instance) as { duration: number; errors: number };
  const sorted = Float64Array.from(latencies).sort();
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    rps: sorted.length / result.duration,
    bad,
  } satisfies Run;
}

async function benchOne(kind: 'pglite' | 'postgres') {
  const label = kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  const fake = await startStripeFake({ webhookSecret: SECRET });
  cleanups.push(() => fake.stop());
  const { where, dbEnv } = await freshDatabase(kind, opts['pg-url'], 'webhooks', cleanups);
  const env = {
    STRIPE_SECRET_KEY: 'sk_test_bench',
    STRIPE_WEBHOOK_SECRET: SECRET,
    STRIPE_API_URL: fake.url,
    TRUST_PROXY: 'true',
  };
  const server = await startServer(label, dbEnv, { env });
  cleanups.push(() => server.stop());
  const base = server.base as string;
  const reg = await register(base, `webhooks-${kind}`);
  const owner = reg.client;

  // The business connects Stripe; onboarding completes at the fake; account.updated (signed) reaches the server.
  fake.setWebhookUrl(`${base}${API}/stripe/webhook`);
  const { data: link } = await owner.request('POST', '/stripe/connect', { json: {}, expect: 200 });
  const accountId = new URL((link as { data: { url: string } }).data.url).pathname.split('/').pop()!;
  await fake.completeOnboarding(accountId);
  fake.setWebhookUrl(undefined);

  log(`${label}: seeding ${INVOICES} sent invoices with a Checkout Session each`);
  const t0 = performance.now();
  const sessions: { sessionId: string }[] = [];
  await pool(
    Array.from({ length: INVOICES }, (_, i) => i),
    4,
    async (i) => {
      const { data: doc } = await owner.request('POST', '/documents', {
        json: {
          type: 'invoice',
          title: `Bench ${i}`,
          lineItems: [{ description: 'Work', quantity: '1', unitPrice: 10_000 + i }],
        },
        expect: 201,
      });
      const id = (doc as { data: { _id: string } }).data._id;
      const { data: sent } = await owner.request('POST', `/documents/${id}/send`, { json: {}, expect: 200 });
      const token = (sent as { data: { link: { token: string } } }).data.link.token;
      const post = await visitor(base, `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
      const c = (await post(`/public/invoices/${id}/checkout?token=${token}`)).data as { sessionId: string };
      sessions.push({ sessionId: c.sessionId });
    },
  );
  log(`${label}: seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  // The events: per session completed + two refunds; every other one twice in a row.
  // In time order as Stripe would send them: the payments, then the first refunds, then the second ones (a refund
  // overtaking its payment still happens under concurrency: answered 409 and delivered again below).
  const completions: Json[] = [];
  const firstRefunds: Json[] = [];
  const secondRefunds: Json[] = [];
  for (const { sessionId } of sessions) {
    completions.push(await fake.pay(sessionId, { deliver: false }));
    const pi = fake.sessions.get(sessionId)!.payment_intent!;
    const charge = [...fake.charges.values()].find((c) => c.payment_intent === pi)!;
    firstRefunds.push(fake.event('charge.refunded', { ...charge, amount_refunded: 100 }, accountId));
    secondRefunds.push(fake.event('charge.refunded', { ...charge, amount_refunded: 200 }, accountId));
  }
  const events = [...completions, ...firstRefunds, ...secondRefunds];
  const deliveries: { method: string; path: string; body: string; headers: Json }[] = [];
  events.forEach((e, n) => {
    const body = JSON.stringify(e);
    const one = {
      method: 'POST',
      path: `${API}/stripe/webhook`,
      body,
      headers: { 'content-type': 'application/json', 'stripe-signature': fake.sign(body) },
    };
    deliveries.push(one);
    if (n % 2 === 0) deliveries.push({ ...one, headers: { ...one.headers, 'stripe-signature': fake.sign(body) } });
  });

  log(
    `${label}: ${deliveries.length} deliveries (${events.length} distinct events) at ${RATE}/s, ${CONNECTIONS} connections`,
  );
  const hooks = await fire(base, deliveries);
  // Stripe delivers again what was not answered 2xx (a refund that overtook its payment's completion: 409). Here
  // every distinct event is delivered once more, in order — a superset of Stripe's retries; those already taken
  // must change nothing.
  log(`${label}: delivering every distinct event once more (Stripe's retries; duplicates must be no-ops)`);
  let retriedBad = 0;
  for (const e of events) {
    const body = JSON.stringify(e);
    const res = await fetch(`${base}${API}/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': fake.sign(body) },
      body,
    });
    await res.arrayBuffer();
    if (!res.ok) retriedBad += 1;
  }
  log(`${label}: baseline GET /health, ${deliveries.length} requests at ${RATE}/s`);
  const health = await fire(
    base,
    Array.from({ length: deliveries.length }, () => ({ method: 'GET', path: `${API}/health` })),
  );
  await server.stop();

  const db = await openDb(kind, where);
  const q = async (text: string) => ((await db.query(text)) as { rows: Json[] }).rows;
  const [ev] = await q(`SELECT count(*)::int AS n FROM stripe_events WHERE type <> 'account.updated'`);
  const outcomes = await q(`SELECT outcome, count(*)::int AS n FROM stripe_events GROUP BY outcome ORDER BY outcome`);
  const [pay] = await q(
    `SELECT count(*) FILTER (WHERE status IN ('succeeded','partially_refunded'))::int AS applied,
            count(*) FILTER (WHERE status NOT IN ('succeeded','partially_refunded'))::int AS other,
            coalesce(sum(amount_refunded), 0)::bigint AS refunded
       FROM payments`,
  );
  await db.close();

  const problems: string[] = [];
  const retryLater = hooks.bad.get(409) ?? 0;
  const otherBad = [...hooks.bad].filter(([s]) => s !== 409);
  if (otherBad.length) problems.push(`webhook answers: ${otherBad.map(([s, n]) => `${n}× ${s}`).join(', ')}`);
  if (retriedBad) problems.push(`${retriedBad} redeliveries not answered 2xx`);
  if (hooks.count !== deliveries.length) problems.push(`${hooks.count}/${deliveries.length} deliveries answered`);
  if (ev!.n !== events.length) problems.push(`stripe_events ${String(ev!.n)} ≠ ${events.length} distinct events`);
  if (pay!.applied !== INVOICES) problems.push(`payments applied ${String(pay!.applied)} ≠ ${INVOICES}`);
  if (Number(pay!.refunded) !== INVOICES * 200) {
    problems.push(`Σ amount_refunded ${String(pay!.refunded)} ≠ ${INVOICES * 200}`);
  }
  const fmt = (r: Run) =>
    `p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ${r.rps.toFixed(1)} req/s (${r.count} answers)`;
  console.log(`\n${label}`);
  console.log(`  webhooks  ${fmt(hooks)}`);
  console.log(`  /health   ${fmt(health)}`);
  console.log(
    `  409 (refund before its payment, Stripe retries): ${retryLater}; all answered 2xx on redelivery: ${retriedBad === 0}`,
  );
  console.log(
    `  rows: stripe_events ${String(ev!.n)} for ${events.length} distinct events (${deliveries.length - events.length} duplicates sent); ` +
      `payments applied ${String(pay!.applied)}/${INVOICES} (other ${String(pay!.other)}), Σ refunded ${String(pay!.refunded)}`,
  );
  console.log(`  outcomes: ${outcomes.map((o) => `${String(o.outcome)} ${String(o.n)}`).join(', ')}`);
  console.log(`  exactly once: ${problems.length ? `NO — ${problems.join('; ')}` : 'yes'}`);
  return problems.length === 0;
}

async function main() {
  if (!opts['no-build']) {
    log('building the server into server/dist-webhooks-bench');
    execFileSync(process.execPath, [path.join(repoRoot, 'server', 'build.mjs')], {
      env: { ...process.env, BUILD_OUT_DIR: path.join(repoRoot, 'server', 'dist-webhooks-bench') },
      stdio: 'inherit',
    });
    cleanups.push(() => rmSync(path.join(repoRoot, 'server', 'dist-webhooks-bench'), { recursive: true, force: true }));
  }
  const kinds: ('pglite' | 'postgres')[] =
    opts.db === 'both' || (!opts.db && (await pgAnswers(opts['pg-url'])))
      ? ['postgres', 'pglite']
      : [(opts.db as 'pglite' | 'postgres' | undefined) ?? 'pglite'];
  let ok = true;
  for (const kind of kinds) ok = (await benchOne(kind)) && ok;
  await runCleanups();
  process.exit(ok ? 0 : 1);
}

main().catch(async (err: unknown) => {
  console.error(err);
  await runCleanups();
  process.exit(1);
});
