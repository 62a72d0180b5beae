#!/usr/bin/env node
// Forms benchmark (`pnpm bench:api -- --suite=forms`): a public contact form taking submissions, on PostgreSQL and
// PGlite. A benchmark that reports, not a test that passes or fails. Per database: fresh database → built server
// (FORM_SUBMIT_RATE_LIMIT raised: the bench is one address) → one user registered through the API → a contact form
// with three questions created through the API → autocannon posting valid submissions (each from a new email) at a
// bounded rate (default 50/s, overallRate) for 10 s (50 × 10 requests), signed out with the anonymous CSRF double-submit → accepted
// (201), errors, p50/p95 → the rows stored, counted through the driver, must equal the accepted answers, and so must
// the contacts created. Issue #17's target: a public form accepts 50 submissions per second without loss.
import { writeFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { freshDatabase, openDb, percentile } from './cannon.mjs';
import { API, Client, cleanups, int, log, register, startServer } from './lib.mjs';
import { databases, runSuite, suiteOptions } from './suite.mjs';

const opts = suiteOptions(
  { rate: { type: 'string' }, connections: { type: 'string' } },
  `pnpm bench:api -- --suite=forms [options]
  --db=pglite|postgres|both   default: both when PostgreSQL answers, else pglite
  --rate=N                    submissions per second, all connections together (default 50)
  --connections=N             autocannon connections (default 10)
  --duration=S                seconds (default 10, 3 with --quick)
  --json=FILE                 also write the results as JSON`,
);
const RATE = int(opts.rate, 50, 'rate');
const CONNECTIONS = int(opts.connections, 10, 'connections');
const DURATION = int(opts.duration, opts.quick ? 3 : 10, 'duration');

const QUESTIONS = [
  { id: 'need', type: 'question', kind: 'longText', label: 'What do you need?', required: true },
  { id: 'budget', type: 'question', kind: 'number', label: 'Budget' },
  { id: 'size', type: 'question', kind: 'singleChoice', label: 'Size', options: ['Small', 'Medium', 'Large'] },
];

async function benchForms(kind) {
  const label = kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  const { where, dbEnv } = await freshDatabase(kind, opts['pg-url'], 'forms', cleanups);
  const server = await startServer(label, dbEnv, { env: { FORM_SUBMIT_RATE_LIMIT: '1000000' } });
  const reg = await register(server.base, `forms-${kind}`);
  const { data } = await reg.client.request('POST', '/contact-forms', {
    json: { name: 'Bench enquiries', questions: QUESTIONS },
    expect: 201,
  });
  const { publicId, _id: formId } = data.data;
  // A signed-out visitor: the public page's GET, then the anonymous CSRF double-submit for the POSTs.
  const visitor = new Client(server.base);
  await visitor.request('GET', '/auth/csrf', { expect: 200 });
  await visitor.request('GET', `/public/forms/${publicId}`, { expect: 200 });
  const headers = visitor.authHeaders();

  const latencies = [];
  const statuses = new Map();
  let i = 0;
  const run = autocannon({
    url: server.base,
    connections: CONNECTIONS,
    overallRate: RATE,
    // A fixed number of requests (not a duration): autocannon then waits for every answer, so none is in flight
    // unseen when the rows are counted.
    amount: RATE * DURATION,
    timeout: 30,
    headers: { ...headers, accept: 'application/json', 'content-type': 'application/json' },
    requests: [
      {
        method: 'POST',
        path: `${API}/public/forms/${publicId}/submissions`,
        setupRequest: (req) => {
          const n = i++;
          const body = {
            contact: { firstName: 'Visitor', lastName: `No ${n}`, email: `visitor${n}.${Date.now()}@example.com` },
            answers: { need: `A quote for job ${n}`, budget: 1000 + n, size: QUESTIONS[2].options[n % 3] },
          };
          return { ...req, body: JSON.stringify(body) };
        },
      },
    ],
  });
  run.on('response', (_client, status, _bytes, ms) => {
    latencies.push(ms);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  });
  const result = await run;
  await server.stop();

  const sorted = Float64Array.from(latencies).sort();
  const accepted = statuses.get(201) ?? 0;
  const errors = sorted.length - accepted + (result.errors ?? 0) + (result.timeouts ?? 0);
  const db = await openDb(kind, where);
  const stored = Number(
    (await db.query('SELECT count(*)::int AS n FROM form_submissions WHERE form_id = $1', [formId])).rows[0].n,
  );
  const contactsMade = Number(
    (
      await db.query("SELECT count(*)::int AS n FROM contacts WHERE business_id = $1 AND email LIKE 'visitor%'", [
        reg.businessId,
      ])
    ).rows[0].n,
  );
  await db.close();
  const r = {
    database: label,
    rate: RATE,
    seconds: DURATION,
    elapsedS: result.duration,
    sent: sorted.length,
    accepted,
    errors,
    statuses: Object.fromEntries(statuses),
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    rps: accepted / (result.duration || DURATION),
    stored,
    contacts: contactsMade,
    lossless: stored === accepted && contactsMade === accepted,
  };
  log(
    `${label}: ${r.sent} sent at ${RATE}/s (${r.elapsedS.toFixed(1)} s, ${r.rps.toFixed(1)} accepted/s) — accepted ${accepted}, errors ${errors}, ` +
      `p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms; rows stored ${stored}, contacts ${contactsMade}: ` +
      (r.lossless ? 'stored = accepted' : 'MISMATCH'),
  );
  return r;
}

runSuite(async () => {
  const results = [];
  for (const kind of await databases(opts)) results.push(await benchForms(kind));
  console.log('\nForms: public submissions');
  console.log('database    sent  accepted  errors  p50 ms  p95 ms  stored  contacts  verdict');
  for (const r of results) {
    console.log(
      `${r.database.padEnd(10)} ${String(r.sent).padStart(5)} ${String(r.accepted).padStart(9)} ` +
        `${String(r.errors).padStart(7)} ${r.p50.toFixed(1).padStart(7)} ${r.p95.toFixed(1).padStart(7)} ` +
        `${String(r.stored).padStart(7)} ${String(r.contacts).padStart(9)}  ` +
        (r.lossless && r.errors === 0 && r.accepted >= r.rate * r.seconds * 0.95 ? 'met' : 'missed'),
    );
  }
  if (opts.json) writeFileSync(opts.json, JSON.stringify(results, null, 2));
  return results.every((r) => r.lossless) ? 0 : 1;
});
