import { chmodSync, existsSync, unlinkSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { DatabaseHandle } from '../db/client';

/**
 * The operator's channel to a running server on the embedded database: a Unix socket beside DATA_DIR (not inside
 * it: PGlite's dump takes the whole directory), mode 0600, so only the account that runs the server — which can
 * read DATA_DIR and its secret.key anyway — can ask for a backup. No network port, no token to leak.
 *
 * PGlite is one process's in-memory engine: while the server runs, no other process may open DATA_DIR, so a hot
 * backup has to be taken by the server itself. `node dist/backup.js` sends `{"op":"backup"}\n`; the server answers
 * a JSON header line `{"ok":true,"bytes":N,"ms":T}\n` and then N bytes of PGlite's dumpDataDir('gzip') tarball
 * (or `{"ok":false,"error":"…"}\n`). `{"op":"ping"}` answers the header alone.
 */
export function controlSocketPath(dataDir: string): string {
  return `${path.resolve(dataDir)}.control.sock`;
}

/** sun_path is 108 bytes on Linux, 104 on macOS (with the trailing NUL). */
const MAX_SOCKET_PATH = 103;

interface ControlLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface ControlSocket {
  path: string;
  close(): Promise<void>;
}

/**
 * A consistent copy of a running PGlite. The dump holds PGlite's query lock: statements wait, and one that is
 * part of an open transaction cannot interleave with it. The files are read synchronously in one go, so the copy
 * is a single instant's state of DATA_DIR — what a power cut would leave, which PostgreSQL is built to recover
 * from: committed transactions are in the WAL (written at commit), an open one is rolled back when the copy is
 * opened. The CHECKPOINT before it (which waits for open transactions) writes dirty pages to the data files, so
 * little WAL is replayed on restore.
 */
export async function dumpPglite(client: PGlite): Promise<Buffer> {
  await client.exec('CHECKPOINT');
  const tarball = await client.dumpDataDir('gzip');
  return Buffer.from(await tarball.arrayBuffer());
}

/**
 * Listens on the control socket when the database is the embedded PGlite (PostgreSQL has pg_dump). Never fails
 * the server's start: without the socket, the server runs and only hot backups are unavailable (logged). The
 * socket file is removed on close and when the process exits.
 */
export async function startControlSocket(
  dataDir: string,
  database: DatabaseHandle,
  log: ControlLog,
): Promise<ControlSocket | null> {
  if (database.driver.kind !== 'pglite') return null;
  const client = database.driver.client;
  const socketPath = controlSocketPath(dataDir);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    log.warn({ socketPath }, 'control socket path too long: hot backups (node dist/backup.js) are unavailable');
    return null;
  }
  if (existsSync(socketPath)) {
    if (await askServer(socketPath, { op: 'ping' }, 2_000).catch(() => null)) {
      log.error({ socketPath }, 'another server answers on the control socket of this DATA_DIR');
      return null;
    }
    unlinkSync(socketPath); // left by a server that did not exit cleanly
  }

  let busy = false;
  const server = net.createServer((socket) => {
    socket.on('error', () => undefined);
    socket.setTimeout(10_000, () => socket.destroy());
    let request = '';
    const onData = (chunk: Buffer) => {
      request += chunk.toString('utf8');
      if (request.length > 1024) return socket.destroy();
      const end = request.indexOf('\n');
      if (end < 0) return;
      socket.off('data', onData);
      socket.setTimeout(0);
      void answer(socket, request.slice(0, end));
    };
    socket.on('data', onData);
  });

  const answer = async (socket: net.Socket, line: string) => {
    const reply = (header: object, body?: Buffer) => {
      socket.write(`${JSON.stringify(header)}\n`);
      if (body) socket.end(body);
      else socket.end();
    };
    let op: unknown;
    try {
      op = (JSON.parse(line) as { op?: unknown }).op;
    } catch {
      return reply({ ok: false, error: 'bad request' });
    }
    if (op === 'ping') return reply({ ok: true, kind: 'pglite', pid: process.pid });
    if (op !== 'backup') return reply({ ok: false, error: `unknown op ${String(op)}` });
    if (busy) return reply({ ok: false, error: 'a backup is already running' });
    busy = true;
    const started = Date.now();
    try {
      const data = await dumpPglite(client);
      const ms = Date.now() - started;
      log.info({ bytes: data.length, ms }, 'hot backup taken through the control socket');
      reply({ ok: true, bytes: data.length, ms }, data);
    } catch (error) {
      log.error({ err: error }, 'hot backup failed');
      reply({ ok: false, error: error instanceof Error ? error.message : String(error) });
    } finally {
      busy = false;
    }
  };

  // The socket is created 0600 (umask around the synchronous bind), then chmod'ed again for file systems that
  // ignore the umask.
  const previousUmask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    log.warn({ err: error, socketPath }, 'control socket unavailable: hot backups are unavailable');
    return null;
  } finally {
    process.umask(previousUmask);
  }
  chmodSync(socketPath, 0o600);
  server.unref(); // never keeps the process alive
  const removeFile = () => {
    try {
      unlinkSync(socketPath);
    } catch {
      // already gone
    }
  };
  process.on('exit', removeFile);
  log.info({ socketPath }, 'control socket for hot backups');
  return {
    path: socketPath,
    close: () =>
      new Promise<void>((resolve) => {
        process.off('exit', removeFile);
        server.close(() => {
          removeFile();
          resolve();
        });
      }),
  };
}

export interface ServerAnswer {
  header: { ok: boolean; error?: string; bytes?: number; ms?: number; [key: string]: unknown };
  body: Buffer;
}

/**
 * Sends one request to the control socket. Resolves null when no server listens there (no socket file, or a stale
 * one); rejects when a server answered with an error or broke off.
 */
export function askServer(
  socketPath: string,
  request: { op: string },
  timeoutMs = 600_000,
): Promise<ServerAnswer | null> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    const chunks: Buffer[] = [];
    let connected = false;
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`no answer from the server within ${timeoutMs} ms`)));
    socket.on('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify(request)}\n`);
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === 'ENOENT' || error.code === 'ECONNREFUSED')) resolve(null);
      else reject(error);
    });
    socket.on('end', () => {
      const all = Buffer.concat(chunks);
      const newline = all.indexOf(0x0a);
      if (newline < 0) return reject(new Error('the server closed the control socket without answering'));
      const header = JSON.parse(all.subarray(0, newline).toString('utf8')) as ServerAnswer['header'];
      const body = all.subarray(newline + 1);
      if (!header.ok) return reject(new Error(`the server refused: ${header.error ?? 'unknown error'}`));
      if (header.bytes !== undefined && header.bytes !== body.length) {
        return reject(new Error(`the backup was cut short (${body.length} of ${header.bytes} bytes)`));
      }
      resolve({ header, body });
    });
  });
}
