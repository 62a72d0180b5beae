/**
 * A local fake of a Sentry ingest endpoint for tests and e2e — a test helper, never shipped. It takes what the
 * official SDKs send: envelopes on `POST /api/<project>/envelope/` (newline-separated JSON: the envelope header, then
 * each item's header and payload, a payload's length given or up to the newline; gzip or deflate bodies as the Node
 * SDK sends large ones), checks the public key against the DSN it was started with (`X-Sentry-Auth` or the
 * `sentry_key` query parameter, as the browser SDK sends it), and answers 200 `{ id }` like Sentry. Browsers post
 * cross-origin, so it answers CORS the way Sentry does.
 *
 * - `events`: every `event` item received (the SDK's error events), newest last; `envelopes` counts all.
 * - `waitFor(predicate, ms)`: resolves with the first event that matches, or rejects after ms.
 * - Over HTTP (the e2e run reads it from another process): `GET /__events` answers the events, `DELETE /__events`
 *   clears them.
 *
 * CLI (e2e): `tsx server/test/fakes/sentry.ts --port 12130` prints `sentry fake listening on http://…` and its DSN.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync, inflateSync } from 'node:zlib';

export interface SentryEvent {
  event_id?: string;
  level?: string;
  message?: string | { formatted?: string; message?: string };
  exception?: { values?: { type?: string; value?: string }[] };
  tags?: Record<string, string>;
  environment?: string;
  release?: string;
  platform?: string;
  [key: string]: unknown;
}

export interface FakeSentry {
  url: string;
  /** A DSN pointing here: `http://<key>@127.0.0.1:<port>/<project>`. */
  dsn: string;
  events: SentryEvent[];
  envelopes: number;
  /** Requests refused (wrong key or project, unreadable body). */
  refused: number;
  waitFor(match: (e: SentryEvent) => boolean, timeoutMs?: number): Promise<SentryEvent>;
  close(): Promise<void>;
}

const PUBLIC_KEY = 'atriumpublickey';
const PROJECT = '4242';

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'content-type, x-sentry-auth, content-encoding',
  'access-control-expose-headers': 'x-sentry-rate-limits, retry-after',
};

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const raw = Buffer.concat(chunks);
  const enc = String(req.headers['content-encoding'] ?? '').toLowerCase();
  if (enc === 'gzip') return gunzipSync(raw);
  if (enc === 'deflate') return inflateSync(raw);
  return raw;
}

/** Sentry's envelope format: header line, then (item header line, payload) pairs. */
export function parseEnvelope(body: Buffer): {
  header: Record<string, unknown>;
  items: { type: string; payload: unknown }[];
} {
  let at = 0;
  const line = (): Buffer => {
    const end = body.indexOf(0x0a, at);
    const out = body.subarray(at, end === -1 ? body.length : end);
    at = end === -1 ? body.length : end + 1;
    return out;
  };
  const header = JSON.parse(line().toString('utf8')) as Record<string, unknown>;
  const items: { type: string; payload: unknown }[] = [];
  while (at < body.length) {
    const headLine = line();
    if (headLine.length === 0) continue;
    const head = JSON.parse(headLine.toString('utf8')) as { type: string; length?: number };
    let payload: Buffer;
    if (typeof head.length === 'number') {
      payload = body.subarray(at, at + head.length);
      at += head.length;
      if (body[at] === 0x0a) at += 1;
    } else payload = line();
    let parsed: unknown = payload.toString('utf8');
    try {
      parsed = JSON.parse(parsed as string);
    } catch {
      // attachments and the like stay text
    }
    items.push({ type: head.type, payload: parsed });
  }
  return { header, items };
}

function keyOf(req: IncomingMessage, url: URL): string | null {
  const auth = String(req.headers['x-sentry-auth'] ?? '');
  const m = /sentry_key=([^,\s]+)/.exec(auth);
  return m?.[1] ?? url.searchParams.get('sentry_key');
}

export async function startFakeSentry({ port = 0 }: { port?: number } = {}): Promise<FakeSentry> {
  const events: SentryEvent[] = [];
  const waiters: { match: (e: SentryEvent) => boolean; resolve: (e: SentryEvent) => void }[] = [];
  const state = { envelopes: 0, refused: 0 };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      if (req.method === 'OPTIONS') {
        res.writeHead(204, CORS).end();
        return;
      }
      if (url.pathname === '/__events') {
        if (req.method === 'DELETE') events.length = 0;
        res.writeHead(200, { 'content-type': 'application/json', ...CORS }).end(JSON.stringify(events));
        return;
      }
      const route = /^\/api\/(\d+)\/envelope\/?$/.exec(url.pathname);
      if (req.method !== 'POST' || !route) {
        res.writeHead(404, CORS).end();
        return;
      }
      try {
        if (route[1] !== PROJECT || keyOf(req, url) !== PUBLIC_KEY) throw new Error('bad key or project');
        const { header, items } = parseEnvelope(await readBody(req));
        state.envelopes += 1;
        for (const item of items) {
          if (item.type !== 'event' || !item.payload || typeof item.payload !== 'object') continue;
          const event = item.payload as SentryEvent;
          events.push(event);
          for (const w of [...waiters]) {
            if (w.match(event)) {
              waiters.splice(waiters.indexOf(w), 1);
              w.resolve(event);
            }
          }
        }
        res
          .writeHead(200, { 'content-type': 'application/json', ...CORS })
          .end(JSON.stringify({ id: header.event_id ?? null }));
      } catch (e) {
        state.refused += 1;
        res
          .writeHead(400, { 'content-type': 'application/json', ...CORS })
          .end(JSON.stringify({ detail: (e as Error).message }));
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${bound}`;
  return {
    url,
    dsn: `http://${PUBLIC_KEY}@127.0.0.1:${bound}/${PROJECT}`,
    events,
    get envelopes() {
      return state.envelopes;
    },
    get refused() {
      return state.refused;
    },
    waitFor(match, timeoutMs = 5_000) {
      const found = events.find(match);
      if (found) return Promise.resolve(found);
      return new Promise<SentryEvent>((resolve, reject) => {
        const w = {
          match,
          resolve: (e: SentryEvent) => {
            clearTimeout(timer);
            resolve(e);
          },
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(w), 1);
          reject(new Error(`no matching Sentry event within ${timeoutMs} ms (${events.length} received)`));
        }, timeoutMs);
        waiters.push(w);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

if (process.argv[1] && /fakes[\\/]sentry\.[cm]?[jt]s$/.test(process.argv[1])) {
  const at = process.argv.indexOf('--port');
  void startFakeSentry({ port: at > 0 ? Number(process.argv[at + 1]) : 12130 }).then((f) => {
    console.log(`sentry fake listening on ${f.url} dsn ${f.dsn}`);
  });
}
