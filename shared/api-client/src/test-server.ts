/**
 * Test-only helpers (not exported from the package): a real node:http server on port 0 that records
 * every request and answers from per-route handlers, plus a minimal localStorage shim.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Recorded {
  method: string;
  /** Path relative to the API root, without the query string, e.g. 'auth/refresh'. */
  path: string;
  query: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Reply {
  status?: number;
  /** Objects are sent as JSON; a string is sent as is; undefined sends an empty body. */
  body?: unknown;
  headers?: Record<string, string>;
  delayMs?: number;
}

export type Handler = (req: Recorded, nth: number) => Reply | Promise<Reply>;

export const API_PREFIX = '/api/v1/';

export interface TestServer {
  url: string;
  requests: Recorded[];
  /** Requests to `method path` so far. */
  calls(method: string, path: string): Recorded[];
  /** Sets the handler of `method path` (nth counts the calls to that route, from 1). */
  on(method: string, path: string, handler: Handler | Reply): void;
  reset(): void;
  close(): Promise<void>;
}

export async function startServer(): Promise<TestServer> {
  const routes = new Map<string, Handler>();
  const counts = new Map<string, number>();
  const requests: Recorded[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const [rawPath = '', query = ''] = (req.url ?? '').split('?');
      const path = rawPath.startsWith(API_PREFIX) ? rawPath.slice(API_PREFIX.length) : rawPath;
      const rec: Recorded = {
        method: req.method ?? '',
        path,
        query,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(rec);
      const key = `${rec.method} ${path}`;
      const nth = (counts.get(key) ?? 0) + 1;
      counts.set(key, nth);
      const handler: Handler = routes.get(key) ?? (() => ({ status: 200, body: { success: true } }));
      void Promise.resolve(handler(rec, nth)).then((reply) => {
        const send = () => {
          timers.delete(timer);
          if (res.destroyed || res.writableEnded) return;
          const headers: Record<string, string> = { ...reply.headers };
          let payload = '';
          if (reply.body !== undefined) {
            payload = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
            if (typeof reply.body !== 'string') headers['content-type'] ??= 'application/json';
          }
          res.writeHead(reply.status ?? 200, headers);
          res.end(payload);
        };
        const timer = setTimeout(send, reply.delayMs ?? 0);
        timers.add(timer);
      });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/api/v1`,
    requests,
    calls: (method, path) => requests.filter((r) => r.method === method && r.path === path),
    on(method, path, handler) {
      routes.set(`${method} ${path}`, typeof handler === 'function' ? handler : () => handler);
    },
    reset() {
      routes.clear();
      counts.clear();
      requests.length = 0;
    },
    close() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve())));
    },
  };
}

/** A simple in-memory localStorage on globalThis (node has none). */
export function installLocalStorage(): Map<string, string> {
  const data = new Map<string, string>();
  const shim = {
    getItem: (k: string) => (data.has(k) ? (data.get(k) as string) : null),
    setItem: (k: string, v: string) => void data.set(k, String(v)),
    removeItem: (k: string) => void data.delete(k),
    clear: () => data.clear(),
    key: (i: number) => [...data.keys()][i] ?? null,
    get length() {
      return data.size;
    },
  };
  Object.defineProperty(globalThis, 'localStorage', { value: shim, configurable: true, writable: true });
  return data;
}

export { sampleUser } from '@atrium/contracts/src/testing';
