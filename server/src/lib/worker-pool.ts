/**
 * CPU work off the event loop: a small, bounded pool of worker threads (node:worker_threads) running one worker
 * entry (src/workers/<entry>.ts). Used for the document PDF's render and the signed PDF's seal (workers/pdf.ts),
 * which would otherwise hold every other request of the process for 0.1–1.5 s.
 *
 * - **Where the worker's code is.** Built (dist/main.js, esbuild): `dist/<entry>.js`, an entry of build.mjs beside
 *   main.js. From the sources (tsx in dev and benches, jest's swc in tests — whose transform does not reach a worker
 *   thread): `src/workers/<entry>.ts`, loaded through tsx's loader, registered in the thread by a small bootstrap.
 * - **Bounded.** At most `size` threads (default: the CPUs less one, between 1 and 2), started when work comes;
 *   tasks beyond them wait in order. A second thread idle for `idleMs` is ended (each holds the fonts and the PDF
 *   libraries: ≈ 150 MB); the first stays warm (`keepOne`). An idle thread never keeps the process alive.
 * - **Errors.** A task's error comes back with its name, message, stack and own properties (a class's fields), as an
 *   `Error` whose `name` is the original's; callers that need their class rebuild it. A thread that dies (out of
 *   memory, a crash) fails its task with `WorkerCrashedError` and is replaced by the next task.
 */
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, isMainThread, parentPort, type TransferListItem } from 'node:worker_threads';

export class WorkerCrashedError extends Error {
  constructor(entry: string, cause: unknown) {
    super(`The ${entry} worker thread stopped: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'WorkerCrashedError';
  }
}

interface TaskMessage {
  id: number;
  task: string;
  payload: unknown;
}
type ResultMessage =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: { name: string; message: string; stack?: string; props: Record<string, unknown> } };

interface Pending {
  message: TaskMessage;
  transfer: TransferListItem[];
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

interface Thread {
  worker: Worker;
  busy: Pending | null;
  idleTimer: NodeJS.Timeout | null;
}

/** The URL a worker thread starts from, and whether it must load tsx first (sources, not the build). */
export function workerScript(entry: string, from: string = import.meta.url): { url: URL; source: boolean } {
  // Bundled: this code is in dist/main.js (or another bundle of build.mjs) and the entry beside it.
  if (!/\.ts$/.test(fileURLToPath(from))) return { url: new URL(`./${entry}.js`, from), source: false };
  return { url: new URL(`../workers/${entry}.ts`, from), source: true };
}

/** A worker started on a .ts file: tsx's ESM loader registered in the thread, then the entry imported. */
function sourceWorker(url: URL, options: ConstructorParameters<typeof Worker>[1]): Worker {
  const require = createRequire(import.meta.url);
  const tsxApi = pathToFileURL(path.join(path.dirname(require.resolve('tsx/package.json')), 'dist/esm/api/index.mjs'));
  const bootstrap = [
    `const { register } = await import(${JSON.stringify(tsxApi.href)});`,
    'register();',
    `await import(${JSON.stringify(url.href)});`,
  ].join('\n');
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(bootstrap)}`), options);
}

export interface WorkerPoolOptions {
  /** The worker entry's name: src/workers/<entry>.ts, dist/<entry>.js. */
  entry: string;
  /** Threads at most (default: CPUs − 1, between 1 and 2). */
  size?: number;
  /** An idle thread beyond the first ends after this long (default 60 s; 5 s under NODE_ENV=test). */
  idleMs?: number;
  /**
   * Keep one thread once started, idle or not (default: yes, except under NODE_ENV=test): a fresh thread pays the
   * renderer's cold start (1–4 s: modules, fonts) again, as the API's own thread never did. Tests end them all, so
   * that each test file's pool does not keep one for the rest of the run.
   */
  keepOne?: boolean;
}

export class WorkerPool {
  readonly size: number;
  private readonly idleMs: number;
  private readonly keepOne: boolean;
  private readonly threads: Thread[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: WorkerPoolOptions) {
    this.size = Math.max(1, options.size ?? Math.min(2, Math.max(1, availableParallelism() - 1)));
    this.idleMs = options.idleMs ?? (process.env.NODE_ENV === 'test' ? 5_000 : 60_000);
    this.keepOne = options.keepOne ?? process.env.NODE_ENV !== 'test';
  }

  /** Runs `task` in a thread with `payload` (structured clone; `transfer` moves buffers instead of copying). */
  run<T>(task: string, payload: unknown, transfer: TransferListItem[] = []): Promise<T> {
    if (this.closed) return Promise.reject(new Error(`The ${this.options.entry} worker pool is closed`));
    return new Promise<T>((resolve, reject) => {
      this.queue.push({
        message: { id: this.nextId++, task, payload },
        transfer,
        resolve: resolve as (value: unknown) => void,
        reject,
      });
      this.dispatch();
    });
  }

  /** Threads started now (tests). */
  get threadCount(): number {
    return this.threads.length;
  }

  /** Ends every thread; queued and running tasks fail. */
  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.queue.splice(0))
      pending.reject(new Error(`The ${this.options.entry} worker pool closed`));
    await Promise.all(this.threads.splice(0).map((t) => this.end(t, new Error('closed'))));
  }

  private dispatch(): void {
    while (this.queue.length) {
      let thread = this.threads.find((t) => !t.busy);
      if (!thread) {
        if (this.threads.length >= this.size) return;
        thread = this.start();
      }
      const pending = this.queue.shift()!;
      if (thread.idleTimer) clearTimeout(thread.idleTimer);
      thread.idleTimer = null;
      thread.busy = pending;
      // A thread with work keeps the process alive (a script awaiting a PDF); an idle one does not.
      thread.worker.ref();
      try {
        thread.worker.postMessage(pending.message, pending.transfer);
      } catch (error) {
        // The payload cannot be cloned (a function, a symbol…): the caller's mistake, not the thread's.
        thread.busy = null;
        this.idle(thread);
        pending.reject(error);
      }
    }
  }

  private start(): Thread {
    const { url, source } = workerScript(this.options.entry);
    const options = { name: `atrium-${this.options.entry}` };
    const worker = source ? sourceWorker(url, options) : new Worker(url, options);
    const thread: Thread = { worker, busy: null, idleTimer: null };
    this.threads.push(thread);
    worker.on('message', (message: ResultMessage) => {
      const pending = thread.busy;
      if (!pending || pending.message.id !== message.id) return;
      thread.busy = null;
      if (message.ok) pending.resolve(message.value);
      else pending.reject(rebuildError(message.error));
      this.idle(thread);
      this.dispatch();
    });
    const lost = (cause: unknown) => {
      const index = this.threads.indexOf(thread);
      if (index < 0) return;
      this.threads.splice(index, 1);
      if (thread.idleTimer) clearTimeout(thread.idleTimer);
      thread.busy?.reject(new WorkerCrashedError(this.options.entry, cause));
      thread.busy = null;
      this.dispatch();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`exit code ${code}`)));
    return thread;
  }

  private idle(thread: Thread): void {
    thread.worker.unref();
    const spare = () => !this.keepOne || this.threads.length > 1;
    if (!spare()) return;
    thread.idleTimer = setTimeout(() => {
      thread.idleTimer = null;
      if (!thread.busy && spare()) void this.end(thread, new Error('idle'));
    }, this.idleMs);
    thread.idleTimer.unref();
  }

  private async end(thread: Thread, cause: Error): Promise<void> {
    const index = this.threads.indexOf(thread);
    if (index >= 0) this.threads.splice(index, 1);
    if (thread.idleTimer) clearTimeout(thread.idleTimer);
    thread.busy?.reject(new WorkerCrashedError(this.options.entry, cause));
    thread.busy = null;
    await thread.worker.terminate();
  }
}

function rebuildError(e: Extract<ResultMessage, { ok: false }>['error']): Error {
  const error = new Error(e.message);
  error.name = e.name;
  if (e.stack) error.stack = e.stack;
  return Object.assign(error, e.props);
}

/** A task's answer: the value, and the buffers to move to the caller rather than copy. */
export interface TaskResult {
  value: unknown;
  transfer?: TransferListItem[];
}

/**
 * In a worker entry: answers the pool's tasks with these handlers, one at a time (the pool sends a thread one task
 * at a time).
 */
export function serveTasks(handlers: Record<string, (payload: never) => Promise<TaskResult>>): void {
  if (isMainThread || !parentPort) throw new Error('serveTasks runs in a worker thread');
  const port = parentPort;
  port.on('message', async ({ id, task, payload }: TaskMessage) => {
    try {
      const handler = handlers[task];
      if (!handler) throw new Error(`Unknown worker task ${task}`);
      const { value, transfer = [] } = await handler(payload as never);
      port.postMessage({ id, ok: true, value } satisfies ResultMessage, transfer);
    } catch (caught) {
      const error = caught instanceof Error ? caught : new Error(String(caught));
      const props = Object.fromEntries(
        Object.entries(error).filter(([, v]) => v === null || ['string', 'number', 'boolean'].includes(typeof v)),
      );
      port.postMessage({
        id,
        ok: false,
        error: { name: error.name, message: error.message, stack: error.stack, props },
      } satisfies ResultMessage);
    }
  });
}
