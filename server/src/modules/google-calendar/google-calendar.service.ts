import { randomBytes, timingSafeEqual } from 'node:crypto';
import { API_ROOT } from '@atrium/contracts';
import {
  GOOGLE_CALENDAR_MESSAGES as M,
  type GoogleCalendarOrigin,
  type GoogleCalendarResult,
  type GoogleCalendarRun,
  type GoogleCalendarStatus,
} from '@atrium/domain-work/schemas';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import type { JobQueue, JobLog } from '../../lib/jobs';
import { SealedText } from '../../lib/sealed-text';
import type { BusinessCaller } from '../../lib/caller';
import type { BusinessesService } from '../businesses/businesses.service';
import type { MeetingCalendarSync, MeetingRow } from '../meetings/meetings.service';
import { ConnectFlowCookie, type ConnectFlow } from './connect-flow';
import { GoogleApi, GoogleCalendarError, pkcePair } from './google-api';
import type { ConnectionRow, GoogleCalendarRepository } from './google-calendar.repository';
import { CalendarSyncEngine, isTransient, type SyncFigures } from './google-calendar.sync';

/** Google sends the browser back here (the API route; it answers with a redirect to the integrations tab). */
export const CALLBACK_PATH = `${API_ROOT}/integrations/google-calendar/callback`;

export const SYNC_QUEUE = 'google-calendar-sync';
export const PUSH_QUEUE = 'google-calendar-push';

/** How long a meeting's save waits for Google before answering (the write goes on after). */
const INLINE_WAIT_MS = 8_000;
/** A sync run holds its connection this long, renewed on every heartbeat of its job. */
const LEASE_SECONDS = 60;

type PushJob =
  | { op: 'save'; meetingId: string; actorId: string | null }
  | { op: 'delete'; businessId: string; googleUserId: string; eventId: string };

const notConfigured = () => new AppError('VALIDATION_ERROR', M.notConfigured);

/** A sync job that found another run of its connection in progress: retried after it (the job's backoff). */
export class SyncBusyError extends Error {
  constructor() {
    super('Another sync of this calendar is running; this one runs after it');
    this.name = 'SyncBusyError';
  }
}

/** The member's runs from their sync jobs' states (one running at most: the lease; one waiting at most: enqueueSync). */
function runOf(states: string[]): GoogleCalendarRun {
  const running = states.includes('active');
  const waiting = states.some((s) => s === 'created' || s === 'retry');
  if (running) return waiting ? 'follow_up' : 'running';
  return waiting ? 'queued' : 'idle';
}

function sameString(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Google Calendar two-way sync (docs/requirements.md "Google Calendar sync"): a member's connection per business
 * (OAuth with PKCE, tokens sealed at rest), the meetings port (outbound writes after a meeting's change), and the jobs
 * — an inbound sync per connection (on a timer and on demand) and a push retried with backoff when Google fails.
 */
export class GoogleCalendarService implements MeetingCalendarSync {
  readonly api: GoogleApi | null;
  readonly flows: ConnectFlowCookie;
  readonly engine: CalendarSyncEngine | null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly repo: GoogleCalendarRepository,
    private readonly deps: Pick<Deps, 'config' | 'secret'>,
    private readonly jobs: JobQueue,
    private readonly log: JobLog,
    /** Whether the member still belongs to the connection's business (404 otherwise). */
    private readonly members: Pick<BusinessesService, 'requireRole'>,
  ) {
    const cfg = deps.config.googleCalendar;
    this.api = cfg ? new GoogleApi(cfg, `${deps.config.appUrl}${CALLBACK_PATH}`) : null;
    this.flows = new ConnectFlowCookie(deps.secret);
    this.engine = this.api
      ? new CalendarSyncEngine(repo, this.api, new SealedText(deps.secret, 'google-tokens'), log)
      : null;
    jobs.define<{ connectionId: string }>({
      name: SYNC_QUEUE,
      retryLimit: 8,
      retryDelaySeconds: 5,
      graceSeconds: 30,
      heartbeatSeconds: 5,
      maxRunSeconds: 30 * 60,
      handler: (data, job) => this.runSyncJob(data.connectionId, job),
    });
    jobs.define<PushJob>({
      name: PUSH_QUEUE,
      retryLimit: 10,
      retryDelaySeconds: 5,
      graceSeconds: 30,
      handler: (data) => this.runPushJob(data),
    });
  }

  get configured(): boolean {
    return this.engine !== null;
  }

  private engineOrFail(): CalendarSyncEngine {
    if (!this.engine) throw notConfigured();
    return this.engine;
  }

  // ---- the member's connection ---------------------------------------------------------------------------------

  async status(caller: BusinessCaller): Promise<GoogleCalendarStatus> {
    if (!this.configured) {
      return {
        configured: false,
        state: 'not_configured',
        run: 'idle',
        email: null,
        lastSyncedAt: null,
        lastError: null,
      };
    }
    const c = await this.repo.connectionOf(caller.userId, caller.businessId);
    return {
      configured: true,
      state: c ? c.status : 'not_connected',
      run: c ? runOf(await this.jobs.keyStates(SYNC_QUEUE, c.id)) : 'idle',
      email: c?.googleEmail ?? null,
      lastSyncedAt: c?.lastSyncedAt?.toISOString() ?? null,
      lastError: c?.lastError ?? null,
    };
  }

  /**
   * Google's consent URL and the flow to seal into the cookie. Any member connects their own calendar (no role
   * check): the connection is theirs, in their current business, and only their meetings and events go through it.
   */
  startConnect(caller: BusinessCaller, from: GoogleCalendarOrigin): { url: string; flow: ConnectFlow } {
    this.engineOrFail();
    const { verifier, challenge } = pkcePair();
    const state = randomBytes(32).toString('base64url');
    const flow: ConnectFlow = {
      state,
      codeVerifier: verifier,
      userId: caller.userId,
      businessId: caller.businessId,
      startedAt: Date.now(),
      from,
    };
    return { url: this.api!.authorizationUrl(state, challenge), flow };
  }

  /**
   * Google's redirect: checks the state against the flow (and that the signed-in member started it in this business),
   * exchanges the code with the PKCE verifier, stores the sealed tokens and queues a first sync.
   */
  async completeConnect(
    caller: BusinessCaller,
    flow: ConnectFlow | null,
    query: { code?: string; state?: string; error?: string },
  ): Promise<GoogleCalendarResult> {
    if (!this.engine) return 'not_configured';
    if (!flow || !query.state || !sameString(flow.state, query.state)) return 'failed';
    if (flow.userId !== caller.userId || flow.businessId !== caller.businessId) return 'failed';
    if (query.error) return query.error === 'access_denied' ? 'denied' : 'failed';
    if (!query.code) return 'failed';
    let granted;
    try {
      granted = await this.api!.exchange(query.code, flow.codeVerifier);
    } catch (error) {
      this.log.warn({ err: error }, 'google calendar: code exchange failed');
      return 'failed';
    }
    if (!granted.refreshToken) {
      // Offline access was asked (prompt=consent): without a refresh token the sync would stop within the hour.
      this.log.warn({}, 'google calendar: no refresh token granted');
      return 'failed';
    }
    const sealed = this.engine.sealTokens(caller, granted);
    // The calendar granted may be another Google account than before: linked meetings are written back to it by the
    // first sync, never deleted because their events are not there.
    await this.repo.recheckLinked(caller.userId, caller.businessId);
    const row = await this.repo.saveConnection({
      userId: caller.userId,
      businessId: caller.businessId,
      googleEmail: granted.email,
      ...sealed,
      tokenExpiresAt: granted.expiresAt,
      scope: granted.scope,
    });
    await this.enqueueSync(row.id);
    return 'connected';
  }

  /** Revokes the grant at Google (best effort) and forgets the tokens; meetings stay. */
  async disconnect(caller: BusinessCaller): Promise<GoogleCalendarStatus> {
    const engine = this.engineOrFail();
    const c = await this.repo.connectionOf(caller.userId, caller.businessId);
    if (c) {
      const tokens = engine.tokensOf(c);
      const token = tokens?.refreshToken ?? tokens?.accessToken;
      if (token) {
        await this.api!.revoke(token).catch((error: unknown) =>
          this.log.warn({ err: error }, 'google calendar: revoke failed (tokens forgotten anyway)'),
        );
      }
      await this.repo.deleteConnection(c.id);
    }
    return this.status(caller);
  }

  /**
   * POST sync: runs the member's sync now (queued; one run per connection at a time). While a run is in progress,
   * one follow-up run is queued after it (a change made during the run is picked up); the answer's `run` says so.
   */
  async requestSync(caller: BusinessCaller): Promise<GoogleCalendarStatus> {
    this.engineOrFail();
    const c = await this.repo.connectionOf(caller.userId, caller.businessId);
    if (!c) throw new AppError('VALIDATION_ERROR', M.notConnectedError);
    if (c.status !== 'connected') throw new AppError('VALIDATION_ERROR', M.reconnectError);
    await this.enqueueSync(c.id);
    return this.status(caller);
  }

  /** Queues a run unless one is already waiting (a running one gets exactly one follow-up). */
  private async enqueueSync(connectionId: string): Promise<void> {
    const states = await this.jobs.keyStates(SYNC_QUEUE, connectionId);
    if (states.some((s) => s === 'created' || s === 'retry')) return;
    await this.jobs.send(SYNC_QUEUE, { connectionId }, { key: connectionId });
  }

  // ---- the meetings port (outbound) ----------------------------------------------------------------------------

  /**
   * After a meeting's committed change: written to Google now; a transient failure queues a retry. Never throws. The
   * request waits at most INLINE_WAIT_MS for Google: a slower write goes on in the background and records its outcome
   * (the answer then says syncedToGoogleCalendar false until it lands).
   */
  async afterSave(row: MeetingRow, actorId: string): Promise<void> {
    const engine = this.engine;
    if (!engine) return;
    const work = engine
      .push(row, actorId)
      .then(() => undefined)
      .catch((error: unknown) =>
        this.retryLater({ op: 'save', meetingId: row.id, actorId }, `meeting:${row.id}`, error),
      )
      .catch((error: unknown) => this.log.warn({ err: error }, 'google calendar: write failed'));
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, INLINE_WAIT_MS);
    });
    await Promise.race([work, late]).finally(() => clearTimeout(timer));
  }

  async afterDelete(row: MeetingRow): Promise<void> {
    if (!this.engine || !row.googleEventId || !row.googleUserId) return;
    const target = { businessId: row.businessId, googleUserId: row.googleUserId, eventId: row.googleEventId };
    try {
      await this.engine.removeDeleted(target);
    } catch (error) {
      await this.retryLater({ op: 'delete', ...target }, `delete:${row.googleUserId}:${row.googleEventId}`, error);
    }
  }

  private async retryLater(job: PushJob, key: string, error: unknown): Promise<void> {
    if (!isTransient(error)) {
      this.log.warn({ err: error, job }, 'google calendar: write failed');
      return;
    }
    this.log.info({ err: error, job }, 'google calendar: Google unavailable, the write is retried later');
    try {
      if ((await this.jobs.pendingKeys(PUSH_QUEUE)).has(key)) return;
      await this.jobs.send(PUSH_QUEUE, job, { key });
    } catch (sendError) {
      // The meeting is saved and marked unsynced: the connection's next sync pushes it.
      this.log.warn({ err: sendError }, 'google calendar: could not queue the retry');
    }
  }

  private async runPushJob(job: PushJob): Promise<void> {
    const engine = this.engineOrFail();
    if (job.op === 'delete') return engine.removeDeleted(job);
    const row = await this.repo.meeting(job.meetingId);
    if (!row) return;
    await engine.push(row, job.actorId);
  }

  // ---- inbound -------------------------------------------------------------------------------------------------

  /** One inbound run for a connection, unless another run holds it (then null, or SyncBusyError with `whenBusy`). */
  async syncNow(
    connectionId: string,
    signal?: AbortSignal,
    whenBusy: 'skip' | 'throw' = 'skip',
  ): Promise<SyncFigures | null> {
    const engine = this.engineOrFail();
    const c = await this.repo.connectionById(connectionId);
    if (!c) return null;
    if (!(await this.stillMember(c))) {
      // The member left the business: their calendar no longer syncs into it (the grant is theirs to revoke).
      await this.repo.deleteConnection(c.id);
      return null;
    }
    if (!(await this.repo.claimLease(connectionId, LEASE_SECONDS))) {
      // A follow-up run (Sync now during a run) picked up by another process while the first still runs: it waits.
      if (whenBusy === 'throw') throw new SyncBusyError();
      return null;
    }
    try {
      return await engine.sync(connectionId, signal);
    } finally {
      await this.repo.releaseLease(connectionId);
    }
  }

  private async runSyncJob(
    connectionId: string,
    job: { signal: AbortSignal; onBeat(b: () => Promise<boolean>): void },
  ) {
    job.onBeat(async () => {
      await this.repo.extendLease(connectionId, LEASE_SECONDS);
      return true;
    });
    try {
      await this.syncNow(connectionId, job.signal, 'throw');
    } catch (error) {
      if (error instanceof GoogleCalendarError)
        this.log.warn({ err: error, connectionId }, 'google calendar: sync failed');
      throw error;
    }
  }

  private async stillMember(c: ConnectionRow): Promise<boolean> {
    try {
      await this.members.requireRole(c.businessId, c.userId);
      return true;
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return false;
      throw error;
    }
  }

  /** Queues a sync of every connection not synced for an interval. */
  async enqueueDue(): Promise<number> {
    const cfg = this.deps.config.googleCalendar;
    if (!cfg) return 0;
    const due = await this.repo.dueConnections(Math.max(1, Math.floor(cfg.syncIntervalSeconds * 0.9)));
    const pending = await this.jobs.pendingKeys(SYNC_QUEUE);
    let queued = 0;
    for (const id of due) {
      if (pending.has(id)) continue;
      await this.jobs.send(SYNC_QUEUE, { connectionId: id }, { key: id });
      queued++;
    }
    return queued;
  }

  /** The in-process timer: every interval, the due connections are queued (any process's worker runs them). */
  startSchedule(): void {
    const cfg = this.deps.config.googleCalendar;
    if (!cfg || this.timer) return;
    this.timer = setInterval(() => {
      this.enqueueDue().catch((error: unknown) => this.log.warn({ err: error }, 'google calendar: schedule failed'));
    }, cfg.syncIntervalSeconds * 1000);
    this.timer.unref();
  }

  stopSchedule(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Tests: the stored connection row. */
  connectionOf(userId: string, businessId: string): Promise<ConnectionRow | null> {
    return this.repo.connectionOf(userId, businessId);
  }
}
