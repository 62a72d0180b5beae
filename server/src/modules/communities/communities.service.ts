import { randomUUID } from 'node:crypto';
import sanitizeHtml from 'sanitize-html';
import { API_ROOT, makePagination, type FieldError } from '@atrium/contracts';
import {
  COMMUNITY_MESSAGES,
  type Community,
  type CommunityEvent,
  type CommunityMember,
  type CommunityRole,
  type EventHit,
  type Post,
  type PostComment,
  type ReactionKind,
  type RsvpStatus,
} from '@atrium/domain-market/schemas';
import type { AuthContext } from '../../lib/caller';
import { AppError } from '../../lib/errors';
import type { CheckedImage } from '../../lib/images';
import { noNotifications, type NotificationSender } from '../../lib/notifications-port';
import type { Executor } from '../../db/client';
import type { JobQueue } from '../../lib/jobs';
import type { CommunitiesRepository, CommunityRow, EventRow, MemberRow } from './communities.repository';

type Caller = Pick<AuthContext, 'userId' | 'businessId'>;

/** The reminder sweep's queue and how often it is queued (one at a time across processes: the job's key). */
export const REMINDERS_QUEUE = 'community-event-reminders';
export const REMINDERS_INTERVAL_MS = 60_000;

/** "Mon 2 Mar, 18:00 CET": the event's start as its own zone shows it. */
function startsIn(e: Pick<EventRow, 'startsAt' | 'timeZone'>): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: e.timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(e.startsAt);
}

/** 409 with the spec's own code (contracts' ERROR_STATUS): the client's shared error handler shows its toast. */
export class DuplicateCommunityName extends AppError {
  constructor() {
    super('DUPLICATE_COMMUNITY_NAME', 'A community with this name already exists', [
      { field: 'name', message: 'A community with this name already exists' },
    ]);
  }
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** User text as plain text: markup dropped (script and style with their content), control characters removed. */
export function cleanText(input: string): string {
  return (
    sanitizeHtml(input, { allowedTags: [], allowedAttributes: {} })
      .replace(/&(amp|lt|gt|quot|#39);/g, (m) => ENTITIES[m] ?? m)
      // eslint-disable-next-line no-control-regex -- control characters are what this removes
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '')
      .trim()
  );
}

function requireText(text: string, field = 'body'): string {
  const clean = cleanText(text);
  if (!clean)
    throw new AppError('VALIDATION_ERROR', COMMUNITY_MESSAGES.emptyText, [
      { field, message: COMMUNITY_MESSAGES.emptyText },
    ]);
  return clean;
}

export const coverUrl = (row: Pick<CommunityRow, 'id' | 'coverVersion'>) =>
  row.coverVersion
    ? `${API_ROOT}/communities/${encodeURIComponent(row.id)}/cover?v=${encodeURIComponent(row.coverVersion)}`
    : null;

const isModerator = (m: MemberRow | null) => m?.status === 'active' && (m.role === 'owner' || m.role === 'moderator');
const isActive = (m: MemberRow | null) => m?.status === 'active';

interface EventInputClean {
  title: string;
  description: string;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  mode: 'online' | 'in_person';
  onlineUrl?: string;
  place?: string;
  capacity?: number | null;
}

/**
 * Communities (issue #20): who may see and do what. A private (approval-only) community's content — posts,
 * comments, events, members, RSVPs, .ics — answers 404 to anyone who is not an active member, as if it did not
 * exist; its about (name, description, cover, member count) is discoverable so people can ask to join. Posting,
 * commenting, reacting and RSVPs need active membership (403 in a public community); owners and moderators
 * remove posts and comments, approve requests, create events; the owner edits roles and deletes.
 */
export class CommunitiesService {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly repo: CommunitiesRepository,
    private readonly notifications: NotificationSender = noNotifications,
    private readonly jobs?: Pick<JobQueue, 'define' | 'send'>,
    private readonly log?: (err: unknown, msg: string) => void,
  ) {}

  // Reminders

  /**
   * Event reminders through notifications: 24 hours and 1 hour before the start, to the people going. Each is sent
   * once per person (a row per event, person and kind, written in the notification's transaction); an event
   * already less than an hour away gets only the 1-hour one; nothing after the start.
   */
  async sendReminders(now: Date = new Date()): Promise<number> {
    let sent = 0;
    for (const due of await this.repo.dueReminders(now)) {
      sent += await this.repo.transaction(async (tx) => {
        const userIds = await this.repo.claimReminders(due.event.id, due.kind, due.userIds, tx);
        if (userIds.length === 0) return 0;
        const soon = due.kind === '1h';
        await this.tell(tx, userIds, {
          type: 'CALENDAR',
          title: soon ? 'Event starting soon' : 'Event reminder',
          message: `${due.event.title} starts ${soon ? 'within the hour' : 'within a day'}: ${startsIn(due.event)}`,
          url: eventPath(due.event),
        });
        return userIds.length;
      });
    }
    return sent;
  }

  /** The reminder sweep's job; before the queue starts. */
  defineJobs(): void {
    this.jobs?.define<Record<string, never>>({
      name: REMINDERS_QUEUE,
      retryLimit: 2,
      retryDelaySeconds: 30,
      maxRunSeconds: 10 * 60,
      handler: async () => {
        await this.sendReminders();
      },
    });
  }

  /** Queues the sweep every `intervalMs`; the job's key keeps it to one queued at a time across processes. */
  startSchedule(intervalMs: number = REMINDERS_INTERVAL_MS): void {
    const jobs = this.jobs;
    if (!jobs || this.timer) return;
    this.timer = setInterval(() => {
      jobs
        .send(REMINDERS_QUEUE, {}, { key: 'reminders' })
        .catch((err: unknown) => this.log?.(err, 'communities: reminder sweep not queued'));
    }, intervalMs);
    this.timer.unref();
  }

  stopSchedule(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /**
   * Communities are platform-wide, so their notifications are personal (lib/notifications-port.ts): listed in
   * every business of the person. Stored in the change's own transaction.
   */
  private tell(
    tx: Executor,
    userIds: string[],
    n: { type: 'SYSTEM' | 'CALENDAR'; title: string; message: string; url: string },
    exceptUserId?: string,
  ) {
    return this.notifications.send(
      {
        businessId: null,
        to: { userIds },
        type: n.type,
        title: n.title,
        message: n.message,
        data: { url: n.url },
        exceptUserId: exceptUserId ?? null,
      },
      tx,
    );
  }

  /** The person promoted from the waitlist is told they have a seat now. */
  private async tellPromoted(tx: Executor, userId: string | null, event: EventRow) {
    if (!userId) return;
    await this.tell(tx, [userId], {
      type: 'CALENDAR',
      title: 'You have a seat',
      message: `A seat freed up: you are now going to ${event.title}`,
      url: eventPath(event),
    });
  }

  private dto(row: CommunityRow, m: MemberRow | null): Community {
    return {
      _id: row.id,
      name: row.name,
      description: row.description,
      visibility: row.visibility,
      coverUrl: coverUrl(row),
      memberCount: row.memberCount,
      myRole: m?.role ?? null,
      myStatus: m?.status ?? null,
      createdBy: row.createdBy,
      createdAt: row.createdAt.toISOString(),
    };
  }

  /** The community and the caller's membership; 404 when it does not exist. */
  private async load(caller: Caller, id: string) {
    const row = await this.repo.find(id);
    if (!row) throw new AppError('NOT_FOUND', COMMUNITY_MESSAGES.notFound);
    return { row, m: await this.repo.membership(id, caller.userId) };
  }

  /** Content access: a private community's content is only for active members (404 for anyone else). */
  private async readable(caller: Caller, id: string) {
    const loaded = await this.load(caller, id);
    if (loaded.row.visibility === 'private' && !isActive(loaded.m))
      throw new AppError('NOT_FOUND', COMMUNITY_MESSAGES.notFound);
    return loaded;
  }

  private async participating(caller: Caller, id: string) {
    const loaded = await this.readable(caller, id);
    if (!isActive(loaded.m)) throw new AppError('FORBIDDEN', COMMUNITY_MESSAGES.membersOnly);
    return loaded;
  }

  private async moderating(caller: Caller, id: string) {
    const loaded = await this.readable(caller, id);
    if (!isModerator(loaded.m)) throw new AppError('FORBIDDEN', COMMUNITY_MESSAGES.moderatorsOnly);
    return loaded;
  }

  async list(caller: Caller, q: { scope: 'discover' | 'mine'; search?: string; page: number; limit: number }) {
    const { rows, total } = await this.repo.list(caller.userId, q.scope, q.search || undefined, q.page, q.limit);
    const mine = new Map(
      (
        await this.repo.memberships(
          caller.userId,
          rows.map((r) => r.id),
        )
      ).map((m) => [m.communityId, m]),
    );
    return {
      data: rows.map((r) => this.dto(r, mine.get(r.id) ?? null)),
      pagination: makePagination(total, q.page, q.limit),
    };
  }

  /** The global search's events: by title, in the communities the caller may read (never another's private one). */
  async searchEvents(caller: Caller, term: string, limit: number): Promise<EventHit[]> {
    const rows = await this.repo.searchEvents(caller.userId, term, limit);
    return rows.map((r) => ({
      _id: r.id,
      communityId: r.communityId,
      communityName: r.communityName,
      title: r.title,
      startsAt: r.startsAt.toISOString(),
      timeZone: r.timeZone,
    }));
  }

  async get(caller: Caller, id: string): Promise<Community> {
    const { row, m } = await this.load(caller, id);
    return this.dto(row, m);
  }

  async create(
    caller: Caller,
    input: { name: string; description: string; visibility: 'public' | 'private' },
  ): Promise<Community> {
    const name = requireText(input.name, 'name');
    if (await this.repo.nameTaken(name)) throw new DuplicateCommunityName();
    try {
      const row = await this.repo.transaction((tx) =>
        this.repo.create(
          {
            name,
            description: cleanText(input.description),
            visibility: input.visibility,
            businessId: caller.businessId,
            userId: caller.userId,
          },
          tx,
        ),
      );
      return this.get(caller, row.id);
    } catch (error) {
      if ((error as { code?: string; cause?: { code?: string } }).cause?.code === '23505')
        throw new DuplicateCommunityName();
      if ((error as { code?: string }).code === '23505') throw new DuplicateCommunityName();
      throw error;
    }
  }

  async update(
    caller: Caller,
    id: string,
    input: { name?: string; description?: string; visibility?: 'public' | 'private' },
  ): Promise<Community> {
    await this.moderating(caller, id);
    const values: { name?: string; description?: string; visibility?: 'public' | 'private' } = {};
    if (input.name !== undefined) {
      values.name = requireText(input.name, 'name');
      if (await this.repo.nameTaken(values.name, id)) throw new DuplicateCommunityName();
    }
    if (input.description !== undefined) values.description = cleanText(input.description);
    if (input.visibility !== undefined) values.visibility = input.visibility;
    try {
      await this.repo.update(id, values);
    } catch (error) {
      const e = error as { code?: string; cause?: { code?: string } };
      if (e.code === '23505' || e.cause?.code === '23505') throw new DuplicateCommunityName();
      throw error;
    }
    return this.get(caller, id);
  }

  async remove(caller: Caller, id: string): Promise<void> {
    const { m } = await this.readable(caller, id);
    if (m?.role !== 'owner' || m.status !== 'active') throw new AppError('FORBIDDEN', COMMUNITY_MESSAGES.ownerOnly);
    await this.repo.remove(id);
  }

  /** Checked before the upload is read: a caller who may not change the cover sends no bytes to the server. */
  async assertMayChangeCover(caller: Caller, id: string): Promise<void> {
    await this.moderating(caller, id);
  }

  async setCover(caller: Caller, id: string, image: CheckedImage): Promise<Community> {
    await this.moderating(caller, id);
    await this.repo.setCover(id, image, randomUUID().slice(0, 8));
    return this.get(caller, id);
  }

  async removeCover(caller: Caller, id: string): Promise<Community> {
    await this.moderating(caller, id);
    await this.repo.removeCover(id);
    return this.get(caller, id);
  }

  /** Any signed-in user (the cover is part of the about); 404 when there is none. */
  async cover(caller: Caller, id: string) {
    await this.load(caller, id);
    const cover = await this.repo.cover(id);
    if (!cover) throw new AppError('NOT_FOUND', COMMUNITY_MESSAGES.coverNotFound);
    return cover;
  }

  /**
   * Public: joined at once; private: a pending request a moderator approves, and the owner and moderators are
   * told — at most once per person and community in 24 hours (asking, withdrawing and asking again tells them
   * once; the request itself is always in the members tab). Joining again changes nothing.
   */
  async join(caller: Caller, id: string): Promise<Community> {
    const { row, m } = await this.load(caller, id);
    if (!m) {
      const pending = row.visibility !== 'public';
      const name = pending ? await this.repo.userName(caller.userId) : '';
      await this.repo.transaction(async (tx) => {
        const added = await this.repo.addMember(id, caller.userId, pending ? 'pending' : 'active', tx);
        if (!added || !pending || !(await this.repo.claimJoinNotice(id, caller.userId, tx))) return;
        await this.tell(tx, await this.repo.moderatorIds(id, tx), {
          type: 'SYSTEM',
          title: 'New request to join',
          message: `${name} asked to join ${row.name}`,
          url: `/communities/${encodeURIComponent(id)}?tab=members`,
        });
      });
    }
    return this.get(caller, id);
  }

  /** Leaves (or withdraws a request); the owner cannot leave. */
  async leave(caller: Caller, id: string): Promise<Community> {
    const { m } = await this.load(caller, id);
    if (m?.role === 'owner') throw new AppError('FORBIDDEN', COMMUNITY_MESSAGES.ownerCannotLeave);
    if (m) await this.dropMember(id, caller.userId);
    return this.get(caller, id);
  }

  /** Members (moderators also see pending requests). */
  async members(caller: Caller, id: string): Promise<CommunityMember[]> {
    const { m } = await this.readable(caller, id);
    const rows = await this.repo.members(id, isModerator(m));
    return rows.map((r) => ({
      userId: r.userId,
      name: r.name,
      role: r.role,
      status: r.status,
      joinedAt: r.createdAt.toISOString(),
    }));
  }

  /**
   * Moderators approve pending requests; the owner names moderators (or takes the role back). Nobody changes
   * the owner's membership here.
   */
  async updateMember(
    caller: Caller,
    id: string,
    userId: string,
    input: { role?: 'moderator' | 'member'; status?: 'active' },
  ): Promise<CommunityMember> {
    const { row, m } = await this.moderating(caller, id);
    const target = await this.repo.membership(id, userId);
    if (!target) throw new AppError('NOT_FOUND', COMMUNITY_MESSAGES.memberNotFound);
    if (target.role === 'owner') throw new AppError('FORBIDDEN', COMMUNITY_MESSAGES.ownerOnly);
    if (input.role !== undefined && m!.role !== 'owner') throw new AppError('FORBIDDEN', COMMUNITY_MESSAGES.ownerOnly);
    if (input.role !== undefined && target.status !== 'active' && input.status !== 'active')
      throw new AppError('VALIDATION_ERROR', 'Approve the request first', [
        { field: 'role', message: 'Approve the request first' },
      ]);
    const values: Partial<{ role: CommunityRole; status: 'active' }> = {};
    if (input.role) values.role = input.role;
    if (input.status) values.status = input.status;
    if (Object.keys(values).length) {
      await this.repo.transaction(async (tx) => {
        if (!(await this.repo.updateMember(id, userId, values, tx))) return;
        await this.tell(tx, [userId], {
          type: 'SYSTEM',
          title: 'Request approved',
          message: `You are now a member of ${row.name}`,
          url: `/communities/${encodeURIComponent(id)}`,
        });
      });
    }
    const member = (await this.members(caller, id)).find((x) => x.userId === userId);
    if (!member) throw new AppError('NOT_FOUND', COMMUNITY_MESSAGES.memberNotFound);
    return member;
  }

  /** Moderators remove members or turn down requests (not the owner; a moderator only plain members). */
  async removeMember(caller: Caller, id: string, userId: string): Promise<void> {
    const { m } = await this.moderating(caller, id);
    const target = await this.repo.membership(id, userId);
    if (!target) throw new AppError('NOT_FOUND', COMMUNITY_MESSAGES.memberNotFound);
    if (target.role === 'owner' || (target.role === 'moderator' && m!.role !== 'owner'))
      throw new AppError('FORBIDDEN', COMMUNITY_MESSAGES.ownerOnly);
    await this.dropMember(id, userId);
  }

  /** The membership and its RSVPs go in one transaction; each seat it held goes to the waitlist's first. */
  private async dropMember(id: string, userId: string): Promise<void> {
    await this.repo.transaction(async (tx) => {
      await this.repo.removeMember(id, userId, tx);
      for (const event of await this.repo.dropRsvpsOf(id, userId, tx))
        await this.tellPromoted(tx, await this.repo.promoteFirst(event.id, tx), event);
    });
  }

  /** A person's communities as a profile shows them: public ones, and private ones the caller is in too. */
  async visibleOf(caller: Caller, userId: string) {
    const rows = await this.repo.activeOf(userId);
    const mine = new Map(
      (
        await this.repo.memberships(
          caller.userId,
          rows.map((r) => r.id),
        )
      ).map((m) => [m.communityId, m]),
    );
    return rows
      .filter((r) => r.visibility === 'public' || isActive(mine.get(r.id) ?? null))
      .map((r) => ({ _id: r.id, name: r.name, visibility: r.visibility, memberCount: r.memberCount }));
  }

  // Posts

  private postDto(r: Awaited<ReturnType<CommunitiesRepository['posts']>>['rows'][number]): Post {
    return {
      _id: r.id,
      communityId: r.communityId,
      authorId: r.authorId,
      authorName: r.authorName,
      body: r.body,
      commentCount: r.commentCount,
      reactions: r.reactions ?? {},
      myReaction: (r.myReaction as ReactionKind | null) ?? null,
      createdAt: new Date(r.createdAt).toISOString(),
    };
  }

  async posts(caller: Caller, id: string, page: number, limit: number) {
    await this.readable(caller, id);
    const { rows, total } = await this.repo.posts(id, caller.userId, page, limit);
    return { data: rows.map((r) => this.postDto(r)), pagination: makePagination(total, page, limit) };
  }

  private async onePost(caller: Caller, id: string, postId: string): Promise<Post> {
    const { rows } = await this.repo.posts(id, caller.userId, 1, 1, [postId]);
    if (!rows[0]) throw new AppError('NOT_FOUND', COMMUNITY_MESSAGES.postNotFound);
    return this.postDto(rows[0]);
  }

  async createPost(caller: Caller, id: string, body: string): Promise<Post> {
    await this.participating(caller, id);
    const row = await this.repo.createPost(id, caller.userId, requireText(body));
    return this.onePost(caller, id, row.id);
  }

  /** The author, or a moderator. */
  async removePost(caller: Caller, id: string, postId: string): Promise<void> {
    const { m } = await this.readable(caller, id);
    const post = await this.repo.findPost(id, postId);
    if (!post) throw new AppError('NOT_FOUND', COMMUNITY_MESSAGES.postNotFound);
    if (!(isActive(m) && post.authorId === caller.userId) && !isModerator(m))
      throw new AppError('FORBIDDEN', COMMUNITY_MESSAGES.moderatorsOnly);
    await this.repo.removePost(postId, caller.userId);
  }

  private async livePost(caller: Caller, id: string, postId: string, participate: boolean) {
    const loaded = participate ? await this.participating(caller, id) : await this.readable(caller, id);
    const post = await this.repo.findPost(id, postId);
    if (!post) throw new AppError('NOT_FOUND', COMMUNITY_MESSAGES.postNotFound);
    return { ...loaded, post };
  }

  async react(caller: Caller, id: string, postId: string, kind: ReactionKind): Promise<Post> {
    await this.livePost(caller, id, postId, true);
    await this.repo.react(postId, caller.userId, kind);
    return this.onePost(caller, id, postId);
  }

  async unreact(caller: Caller, id: string, postId: string): Promise<Post> {
    await this.livePost(caller, id, postId, false);
    await this.repo.unreact(postId, caller.userId);
    return this.onePost(caller, id, postId);
  }

  async comments(caller: Caller, id: string, postId: string): Promise<PostComment[]> {
    await this.livePost(caller, id, postId, false);
    return (await this.repo.comments(postId)).map((c) => ({
      _id: c.id,
      postId: c.postId,
      authorId: c.authorId,
      authorName: c.authorName,
      body: c.body,
      createdAt: c.createdAt.toISOString(),
    }));
  }

  async comment(caller: Caller, id: string, postId: string, body: string): Promise<PostComment> {
    await this.livePost(caller, id, postId, true);
    const row = await this.repo.createComment(postId, caller.userId, requireText(body));
    const found = (await this.comments(caller, id, postId)).find((c) => c._id === row.id);
    return found!;
  }

  async removeComment(caller: Caller, id: string, postId: string, commentId: string): Promise<void> {
    const { m } = await this.livePost(caller, id, postId, false);
    const comment = await this.repo.findComment(postId, commentId);
    if (!comment) throw new AppError('NOT_FOUND', COMMUNITY_MESSAGES.commentNotFound);
    if (!(isActive(m) && comment.authorId === caller.userId) && !isModerator(m))
      throw new AppError('FORBIDDEN', COMMUNITY_MESSAGES.moderatorsOnly);
    await this.repo.removeComment(commentId);
  }

  // Events

  private eventDtos(
    row: CommunityRow,
    events: EventRow[],
    summary: Awaited<ReturnType<CommunitiesRepository['rsvpSummary']>>,
  ) {
    return events.map((e): CommunityEvent => {
      const s = summary.get(e.id);
      return {
        _id: e.id,
        communityId: e.communityId,
        communityName: row.name,
        title: e.title,
        description: e.description,
        startsAt: e.startsAt.toISOString(),
        endsAt: e.endsAt.toISOString(),
        timeZone: e.timeZone,
        mode: e.mode,
        onlineUrl: e.onlineUrl,
        place: e.place,
        capacity: e.capacity,
        goingCount: s?.going ?? 0,
        waitlistCount: s?.waitlist ?? 0,
        myRsvp: (s?.mine as RsvpStatus | null | undefined) ?? null,
        createdBy: e.createdBy,
        createdAt: e.createdAt.toISOString(),
      };
    });
  }

  async events(caller: Caller, id: string): Promise<CommunityEvent[]> {
    const { row } = await this.readable(caller, id);
    const events = await this.repo.events(id);
    return this.eventDtos(
      row,
      events,
      await this.repo.rsvpSummary(
        events.map((e) => e.id),
        caller.userId,
      ),
    );
  }

  async event(caller: Caller, id: string, eventId: string): Promise<CommunityEvent> {
    const { row } = await this.readable(caller, id);
    const event = await this.repo.findEvent(id, eventId);
    if (!event) throw new AppError('NOT_FOUND', COMMUNITY_MESSAGES.eventNotFound);
    return this.eventDtos(row, [event], await this.repo.rsvpSummary([event.id], caller.userId))[0]!;
  }

  /** Owners and moderators. */
  async createEvent(caller: Caller, id: string, input: EventInputClean): Promise<CommunityEvent> {
    await this.moderating(caller, id);
    const details: FieldError[] = [];
    const title = cleanText(input.title);
    if (!title) details.push({ field: 'title', message: 'Title is required' });
    if (details.length) throw new AppError('VALIDATION_ERROR', 'Validation failed', details);
    const row = await this.repo.createEvent({
      communityId: id,
      title,
      description: cleanText(input.description),
      startsAt: new Date(input.startsAt),
      endsAt: new Date(input.endsAt),
      timeZone: input.timeZone,
      mode: input.mode,
      onlineUrl: input.mode === 'online' ? (input.onlineUrl ?? null) : null,
      place: input.mode === 'in_person' ? cleanText(input.place ?? '') || null : null,
      capacity: input.capacity ?? null,
      createdBy: caller.userId,
    });
    return this.event(caller, id, row.id);
  }

  async removeEvent(caller: Caller, id: string, eventId: string): Promise<void> {
    await this.moderating(caller, id);
    if (!(await this.repo.findEvent(id, eventId))) throw new AppError('NOT_FOUND', COMMUNITY_MESSAGES.eventNotFound);
    await this.repo.removeEvent(eventId);
  }

  /**
   * RSVP: `going` takes a seat while there is one; past the capacity it is refused (409, nothing stored) and the
   * person may join the waitlist instead (`waitlist`), from which the first is promoted when a seat frees.
   */
  async rsvp(caller: Caller, id: string, eventId: string, status: RsvpStatus): Promise<CommunityEvent> {
    await this.participating(caller, id);
    await this.repo.transaction(async (tx) => {
      const event = await this.repo.findEvent(id, eventId, tx);
      if (!event) throw new AppError('NOT_FOUND', COMMUNITY_MESSAGES.eventNotFound);
      await this.repo.lockEvent(eventId, tx);
      if (status === 'going' && event.capacity !== null) {
        const going = await this.repo.goingCount(eventId, tx, caller.userId);
        if (going >= event.capacity)
          throw new AppError('CONFLICT', COMMUNITY_MESSAGES.eventFull, [
            { field: 'status', message: COMMUNITY_MESSAGES.eventFull },
          ]);
      }
      const freed = status === 'waitlist' ? await this.repo.removeRsvp(eventId, caller.userId, tx) : false;
      await this.repo.setRsvp(eventId, caller.userId, status, tx);
      if (freed) await this.tellPromoted(tx, await this.repo.promoteFirst(eventId, tx), event);
    });
    return this.event(caller, id, eventId);
  }

  async cancelRsvp(caller: Caller, id: string, eventId: string): Promise<CommunityEvent> {
    await this.readable(caller, id);
    await this.repo.transaction(async (tx) => {
      const event = await this.repo.findEvent(id, eventId, tx);
      if (!event) throw new AppError('NOT_FOUND', COMMUNITY_MESSAGES.eventNotFound);
      await this.repo.lockEvent(eventId, tx);
      if (await this.repo.removeRsvp(eventId, caller.userId, tx))
        await this.tellPromoted(tx, await this.repo.promoteFirst(eventId, tx), event);
    });
    return this.event(caller, id, eventId);
  }

  /** The event as an iCalendar (RFC 5545) file. */
  async ics(caller: Caller, id: string, eventId: string): Promise<{ fileName: string; body: string }> {
    const e = await this.event(caller, id, eventId);
    return { fileName: `${e.title.replace(/[^\w.-]+/g, '-').slice(0, 60) || 'event'}.ics`, body: toIcs(e) };
  }
}

const eventPath = (e: Pick<EventRow, 'id' | 'communityId'>) =>
  `/communities/${encodeURIComponent(e.communityId)}/events/${encodeURIComponent(e.id)}`;

const icsDate = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
/** RFC 5545 TEXT escaping and 75-octet line folding. */
const icsText = (s: string) =>
  s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
function fold(line: string): string {
  const out: string[] = [];
  let rest = line;
  while (Buffer.byteLength(rest) > 75) {
    let cut = 75;
    while (Buffer.byteLength(rest.slice(0, cut)) > 75) cut--;
    out.push(rest.slice(0, cut));
    rest = ` ${rest.slice(cut)}`;
  }
  out.push(rest);
  return out.join('\r\n');
}

export function toIcs(e: CommunityEvent, now = new Date()): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Atrium//Communities//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${e._id}@atrium`,
    `DTSTAMP:${icsDate(now.toISOString())}`,
    `DTSTART:${icsDate(e.startsAt)}`,
    `DTEND:${icsDate(e.endsAt)}`,
    `SUMMARY:${icsText(e.title)}`,
    ...(e.description ? [`DESCRIPTION:${icsText(e.description)}`] : []),
    `LOCATION:${icsText(e.mode === 'online' ? (e.onlineUrl ?? '') : (e.place ?? ''))}`,
    ...(e.mode === 'online' && e.onlineUrl ? [`URL:${e.onlineUrl}`] : []),
    `X-ATRIUM-TIMEZONE:${e.timeZone}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
