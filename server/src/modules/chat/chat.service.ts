import sanitizeHtml from 'sanitize-html';
import {
  CHAT_DEFAULT_CHANNEL,
  CHAT_TEXTS,
  type ChatChannel,
  type ChatMember,
  type ChatMessage,
  type ChatOverview,
} from '@atrium/domain-comms/schemas';
import type { Executor } from '../../db/client';
import type { AuthContext, BusinessCaller } from '../../lib/caller';
import { AppError } from '../../lib/errors';
import type { NotificationSender } from '../../lib/notifications-port';
import type { ChatChannelRow, ChatMessageRow, ChatRepository } from './chat.repository';

/** How chat tells open panels, in every API process, that a channel changed (the notifications broker does). */
export interface ChatPush {
  publishChat(db: Executor | undefined, businessId: string, channelId: string | null, userIds: string[]): Promise<void>;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/**
 * A message as plain text: markup is dropped (script and style with their content), entities the sanitiser
 * wrote are turned back into their characters (the browser shows the text as text), control characters removed.
 */
export function plainText(input: string): string {
  const stripped = sanitizeHtml(input, { allowedTags: [], allowedAttributes: {} });
  return (
    stripped
      .replace(/&(amp|lt|gt|quot|#39);/g, (m) => ENTITIES[m] ?? m)
      // eslint-disable-next-line no-control-regex -- control characters are what this removes
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '')
      .trim()
  );
}

const nameOf = (r: { firstName: string | null; lastName: string | null; email: string | null }) =>
  `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim() || r.email || 'Former member';

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export function toMessageDto(row: ChatMessageRow): ChatMessage {
  const deleted = row.deletedAt !== null;
  return {
    _id: row.id,
    channelId: row.channelId,
    seq: row.seq,
    userId: row.userId,
    authorName: nameOf(row),
    body: deleted ? '' : row.body,
    edited: row.editedAt !== null && !deleted,
    deleted,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Team chat (issue #19 §6): channels of the caller's business and direct messages with another member; every
 * call checks the caller may read the channel (404 otherwise, so nobody learns of another's). Changes are pushed
 * live to the audience's open panels through `push`; a member whose panel is closed gets MESSAGE_RECEIVED.
 */
export class ChatService {
  constructor(
    private readonly repo: ChatRepository,
    private readonly push: ChatPush,
    private readonly notify: NotificationSender,
  ) {}

  private channelDto(row: ChatChannelRow & { unread?: number }, userId: string, members: Map<string, ChatMember>) {
    const peer = row.kind === 'dm' ? ((row.dmUserIds ?? []).find((u) => u !== userId) ?? userId) : null;
    return {
      _id: row.id,
      kind: row.kind,
      name: row.kind === 'dm' ? (members.get(peer!)?.name ?? 'Former member') : (row.name ?? ''),
      peerUserId: peer,
      archived: row.archivedAt !== null,
      unread: row.unread ?? 0,
      lastMessageAt: row.lastMessageAt?.toISOString() ?? null,
    } satisfies ChatChannel;
  }

  private async memberMap(businessId: string): Promise<Map<string, ChatMember>> {
    const rows = await this.repo.members(businessId);
    return new Map(rows.map((r) => [r.userId, { userId: r.userId, name: nameOf(r), email: r.email }]));
  }

  /** The caller's channels and direct messages with unread counts, the business's members, the total unread. */
  async overview(caller: BusinessCaller): Promise<ChatOverview> {
    const [listed, members] = await Promise.all([
      this.repo.channels(caller.businessId, caller.userId),
      this.memberMap(caller.businessId),
    ]);
    let rows = listed;
    // #general is made the first time the business's panel opens (a write only then).
    if (!rows.some((r) => r.kind === 'channel' && r.name === CHAT_DEFAULT_CHANNEL)) {
      await this.repo.ensureDefaultChannel(caller.businessId, CHAT_DEFAULT_CHANNEL);
      rows = await this.repo.channels(caller.businessId, caller.userId);
    }
    // A direct message with someone who left the business stays readable, but the list shows current members only.
    const channels = rows
      .filter((r) => r.kind === 'channel' || (r.dmUserIds ?? []).every((u) => members.has(u)))
      .map((r) => this.channelDto(r, caller.userId, members));
    const unreadTotal = channels.filter((c) => !c.archived).reduce((n, c) => n + c.unread, 0);
    return { channels, members: [...members.values()], unreadTotal };
  }

  /** The closed panel's badge (polled): one COUNT, nothing written. */
  async unreadTotal(caller: BusinessCaller): Promise<number> {
    return this.repo.unreadTotal(caller.businessId, caller.userId);
  }

  private async readable(caller: BusinessCaller, channelId: string): Promise<ChatChannelRow> {
    const row = await this.repo.channel(caller.businessId, caller.userId, channelId);
    if (!row) throw new AppError('NOT_FOUND', CHAT_TEXTS.channelNotFound);
    return row;
  }

  private ownersOnly(caller: AuthContext) {
    if (caller.role !== 'owner' && caller.role !== 'admin') throw new AppError('FORBIDDEN', CHAT_TEXTS.ownersOnly);
  }

  /** Any member makes a channel. */
  async createChannel(caller: AuthContext, name: string): Promise<ChatChannel> {
    const row = await this.repo.createChannel(caller.businessId, caller.userId, name);
    if (!row) throw new AppError('CONFLICT', CHAT_TEXTS.nameTaken, [{ field: 'name', message: CHAT_TEXTS.nameTaken }]);
    await this.changed(row);
    return this.channelDto(row, caller.userId, new Map());
  }

  /** Owners and admins rename and archive (or restore) channels; a direct message cannot be. */
  async updateChannel(caller: AuthContext, id: string, set: { name?: string; archived?: boolean }) {
    await this.readable(caller, id);
    this.ownersOnly(caller);
    const row = await this.repo.updateChannel(caller.businessId, id, set);
    if (row === 'taken') {
      throw new AppError('CONFLICT', CHAT_TEXTS.nameTaken, [{ field: 'name', message: CHAT_TEXTS.nameTaken }]);
    }
    if (!row) throw new AppError('NOT_FOUND', CHAT_TEXTS.channelNotFound);
    await this.changed(row);
    return this.channelDto(row, caller.userId, new Map());
  }

  /** The direct message with another member of the business (made on first use). */
  async openDm(caller: BusinessCaller, userId: string): Promise<ChatChannel> {
    if (userId === caller.userId) {
      throw new AppError('VALIDATION_ERROR', CHAT_TEXTS.dmSelf, [{ field: 'userId', message: CHAT_TEXTS.dmSelf }]);
    }
    if (!(await this.repo.isMember(caller.businessId, userId)))
      throw new AppError('NOT_FOUND', CHAT_TEXTS.memberNotFound);
    const row = await this.repo.openDm(caller.businessId, caller.userId, userId);
    return this.channelDto(row, caller.userId, await this.memberMap(caller.businessId));
  }

  async history(caller: BusinessCaller, channelId: string, q: { before?: number; limit: number }) {
    await this.readable(caller, channelId);
    const { rows, hasMore } = await this.repo.history(channelId, q.before, q.limit);
    return { data: rows.map(toMessageDto), hasMore };
  }

  async post(caller: AuthContext, channelId: string, input: string): Promise<ChatMessage> {
    const body = this.clean(input);
    const channel = await this.readable(caller, channelId);
    if (channel.archivedAt) throw new AppError('CONFLICT', CHAT_TEXTS.archived);
    if (channel.kind === 'dm') {
      const peer = (channel.dmUserIds ?? []).find((u) => u !== caller.userId);
      if (peer && !(await this.repo.isMember(caller.businessId, peer))) {
        throw new AppError('NOT_FOUND', CHAT_TEXTS.memberNotFound);
      }
    }
    const message = await this.repo.transaction(async (tx) => {
      const { id, seq } = await this.repo.insertMessage(tx, channel, caller.userId, body);
      const audience = await this.repo.audience(tx, channel);
      const others = audience.filter((u) => u !== caller.userId);
      const quiet = await this.repo.toNotify(tx, channel, others, Number(seq));
      if (quiet.length > 0) {
        const author = `${caller.user.firstName} ${caller.user.lastName}`.trim() || caller.user.email;
        await this.notify.send(
          {
            businessId: channel.businessId,
            type: 'MESSAGE_RECEIVED',
            title: channel.kind === 'dm' ? `New message from ${author}` : `New message in #${channel.name}`,
            message: clip(channel.kind === 'dm' ? body : `${author}: ${body}`, 200),
            to: { userIds: quiet },
            exceptUserId: caller.userId,
          },
          tx,
        );
      }
      await this.push.publishChat(tx, channel.businessId, channel.id, audience);
      return (await this.repo.message(channel.id, id, tx))!;
    });
    return toMessageDto(message);
  }

  async edit(caller: BusinessCaller, channelId: string, messageId: string, input: string): Promise<ChatMessage> {
    const body = this.clean(input);
    const channel = await this.readable(caller, channelId);
    await this.own(channel, messageId, caller.userId);
    await this.repo.editOwn(channelId, messageId, caller.userId, body);
    await this.changed(channel);
    return toMessageDto((await this.repo.message(channelId, messageId))!);
  }

  async remove(caller: BusinessCaller, channelId: string, messageId: string): Promise<void> {
    const channel = await this.readable(caller, channelId);
    await this.own(channel, messageId, caller.userId);
    await this.repo.deleteOwn(channelId, messageId, caller.userId);
    await this.changed(channel);
  }

  async markRead(caller: BusinessCaller, channelId: string): Promise<void> {
    await this.readable(caller, channelId);
    await this.repo.markRead(channelId, caller.userId);
    // The caller's other panels (tabs) update their badges.
    await this.push.publishChat(undefined, caller.businessId, channelId, [caller.userId]);
  }

  /** The panel's live stream is open (or still open, or closed): presence for the bell's MESSAGE_RECEIVED. */
  presence(caller: BusinessCaller, delta: 1 | -1 | 0, ttlMs: number): Promise<void> {
    return this.repo.presence(caller.userId, caller.businessId, delta, ttlMs);
  }

  private async own(channel: ChatChannelRow, messageId: string, userId: string) {
    const message = await this.repo.message(channel.id, messageId);
    if (!message || message.deletedAt) throw new AppError('NOT_FOUND', CHAT_TEXTS.messageNotFound);
    if (message.userId !== userId) throw new AppError('FORBIDDEN', CHAT_TEXTS.notYours);
  }

  private clean(input: string): string {
    const body = plainText(input);
    if (!body)
      throw new AppError('VALIDATION_ERROR', CHAT_TEXTS.emptyMessage, [
        { field: 'body', message: CHAT_TEXTS.emptyMessage },
      ]);
    return body;
  }

  /** Everyone who sees the channel refreshes it (best effort: the change is stored already). */
  private async changed(channel: ChatChannelRow): Promise<void> {
    const audience = await this.repo.audience(undefined, channel);
    await this.push.publishChat(undefined, channel.businessId, channel.id, audience);
  }
}
