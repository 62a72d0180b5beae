import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle, Executor } from '../../db/client';
import { NOTIFY_CHANNEL, type NotificationSignal } from './notifications.repository';

export type SignalListener = (signal: {
  kind: NotificationSignal['k'];
  businessId: string | null;
  /** The chat channel of a 'chat' signal. */
  channelId?: string | null;
}) => void;

/**
 * The live side of notifications: every open bell stream of this process subscribes here by user, and every
 * API process listens on one PostgreSQL channel (LISTEN/NOTIFY) fed by the repository's `signal`, inside the
 * writer's transaction. So a push reaches a user whatever process their stream is connected to, and only for
 * writes that committed. On PostgreSQL the listening connection is a dedicated client (not one of the pool's),
 * reconnected after a loss; the embedded database (one process) delivers the same NOTIFY to its own listener.
 * The chat module's panel stream rides the same channel with 'chat' signals (one listening connection per process).
 */
export class NotificationBroker {
  private readonly byUser = new Map<string, Set<SignalListener>>();
  private client: pg.Client | null = null;
  private unlistenPglite: (() => Promise<void>) | null = null;
  private stopped = false;
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
    private readonly reconnectMs = 1_000,
  ) {}

  /** Open streams of this process (for tests and shutdown). */
  get listenerCount(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  subscribe(userId: string, listener: SignalListener): () => void {
    let set = this.byUser.get(userId);
    if (!set) this.byUser.set(userId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.byUser.delete(userId);
    };
  }

  /** Hands one NOTIFY payload to this process's streams of its users; a malformed payload is ignored. */
  dispatch(payload: string): void {
    let signal: NotificationSignal;
    try {
      signal = JSON.parse(payload) as NotificationSignal;
    } catch {
      return;
    }
    if (!Array.isArray(signal.u)) return;
    for (const userId of signal.u) {
      for (const listener of this.byUser.get(userId) ?? []) {
        try {
          const kind = signal.k === 'changed' || signal.k === 'chat' ? signal.k : 'new';
          listener({ kind, businessId: signal.b ?? null, channelId: kind === 'chat' ? (signal.c ?? null) : undefined });
        } catch (err) {
          this.log.warn({ err }, 'notifications: a stream listener failed');
        }
      }
    }
  }

  /**
   * Tells these users' open chat panels, in every API process, that a chat channel changed (modules/chat): a
   * 'chat' signal on the same channel, inside `db`'s transaction when given (sent only if it commits).
   */
  async publishChat(db: Executor | undefined, businessId: string, channelId: string | null, userIds: string[]) {
    const on = db ?? this.database.db;
    for (let i = 0; i < userIds.length; i += 100) {
      const payload: NotificationSignal = { k: 'chat', b: businessId, c: channelId, u: userIds.slice(i, i + 100) };
      await on.execute(sql`SELECT pg_notify(${NOTIFY_CHANNEL}, ${JSON.stringify(payload)})`);
    }
  }

  async start(): Promise<void> {
    this.stopped = false;
    const driver = this.database.driver;
    if (driver.kind === 'pglite') {
      this.unlistenPglite = await driver.client.listen(NOTIFY_CHANNEL, (payload) => this.dispatch(payload));
      return;
    }
    await this.connect(driver.pool);
  }

  private async connect(pool: pg.Pool): Promise<void> {
    if (this.stopped) return;
    const options = { ...(pool as unknown as { options: pg.ClientConfig }).options };
    delete options.query_timeout;
    const client = new pg.Client({ ...options, keepAlive: true });
    const lost = (reason: string) => {
      if (this.client !== client) return;
      this.client = null;
      client.removeAllListeners('notification');
      client.end().catch(() => undefined);
      if (this.stopped) return;
      this.log.warn(`notifications: the listening connection was lost (${reason}); reconnecting`);
      this.retry = setTimeout(() => void this.connect(pool), this.reconnectMs);
    };
    client.on('error', (err) => lost(err.message));
    client.on('end', () => lost('ended'));
    client.on('notification', (msg) => {
      if (msg.channel === NOTIFY_CHANNEL && msg.payload) this.dispatch(msg.payload);
    });
    this.client = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${NOTIFY_CHANNEL}`);
    } catch (err) {
      lost(err instanceof Error ? err.message : String(err));
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    if (client) await client.end().catch(() => undefined);
    if (this.unlistenPglite) await this.unlistenPglite().catch(() => undefined);
    this.unlistenPglite = null;
  }
}
