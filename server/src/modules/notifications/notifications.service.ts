import { makePagination, type Pagination } from '@atrium/contracts';
import {
  NOTIFICATION_TYPES,
  notificationDataSchema,
  type Notification,
  type NotificationData,
  type NotificationListFilters,
  type NotificationPreferences,
  type NotificationType,
} from '@atrium/domain-comms/schemas';
import type { Executor } from '../../db/client';
import type { AuthContext, BusinessCaller } from '../../lib/caller';
import { AppError } from '../../lib/errors';
import type { NotificationSender, OutgoingNotification } from '../../lib/notifications-port';
import { notifiedName } from '../../lib/notified-name';
import type { NotificationRow, NotificationsRepository } from './notifications.repository';

const TITLE_MAX = 200;
const MESSAGE_MAX = 1000;

const clip = (text: string, max: number) => {
  const t = text.trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
};

/** Only the data keys the spec knows, each valid (an invalid url is dropped rather than stored). */
function cleanData(data: NotificationData | undefined): NotificationData {
  const out: NotificationData = {};
  for (const [key, value] of Object.entries(data ?? {})) {
    const one = notificationDataSchema.shape[key as keyof NotificationData]?.safeParse(value);
    if (one?.success && one.data !== undefined) out[key as keyof NotificationData] = one.data;
  }
  return out;
}

export function toNotificationDto(row: NotificationRow): Notification {
  return {
    _id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
    data: row.data ?? {},
  };
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Notifications (issue #19): the sender every producing module calls (lib/notifications-port.ts) and the
 * caller's own bell — list, unread count, read, read all, delete, per-type preferences, friend-request calls.
 */
export class NotificationsService implements NotificationSender {
  constructor(
    private readonly repo: NotificationsRepository,
    private readonly log: (err: unknown, msg: string) => void,
  ) {}

  async send(n: OutgoingNotification, tx?: Executor): Promise<void> {
    if (!tx) {
      // Stored on its own: the producer's write is done already, so a failure here is logged, never answered.
      try {
        await this.repo.transaction((own) => this.deliver(n, own));
      } catch (err) {
        this.log(err, `notifications: ${n.type} was not delivered`);
      }
      return;
    }
    await this.deliver(n, tx);
  }

  /**
   * Stored and pushed in its own transaction like `send` without `tx`, but a failure is thrown, not logged, and the
   * answer is how many members received it (0: none of them is a member, or each turned the type off) — for a
   * caller that reports what happened (an automation's "notify a member" step).
   */
  async sendCounted(n: OutgoingNotification): Promise<number> {
    return this.repo.transaction((own) => this.deliver(n, own));
  }

  private async deliver(n: OutgoingNotification, db: Executor): Promise<number> {
    const userIds =
      n.businessId === null
        ? await this.repo.personalRecipients(db, n.type, n.to.userIds, n.exceptUserId ?? null)
        : await this.repo.recipients(db, n.businessId, n.type, n.to, n.exceptUserId ?? null);
    if (userIds.length === 0) return 0;
    await this.repo.insert(db, n.businessId, userIds, {
      type: n.type,
      title: clip(n.title, TITLE_MAX),
      message: clip(n.message, MESSAGE_MAX),
      data: cleanData(n.data),
    });
    await this.repo.signal(db, 'new', n.businessId, userIds);
    return userIds.length;
  }

  /** A personal notification (not of one business): shown in every business of the user. */
  private async deliverPersonal(
    db: Executor,
    userId: string,
    n: { type: NotificationType; title: string; message: string; data: NotificationData },
  ): Promise<void> {
    if (!(await this.repo.wants(db, userId, n.type))) return;
    await this.repo.insert(db, null, [userId], n);
    await this.repo.signal(db, 'new', null, [userId]);
  }

  async list(
    caller: BusinessCaller,
    q: NotificationListFilters,
  ): Promise<{ data: Notification[]; pagination: Pagination }> {
    let to: Date | undefined;
    let toExclusive = false;
    if (q.endDate) {
      to = new Date(q.endDate);
      // A day without a time means the whole day.
      if (DATE_ONLY.test(q.endDate)) {
        to = new Date(to.getTime() + 86_400_000);
        toExclusive = true;
      }
    }
    const { rows, total } = await this.repo.list(caller.userId, caller.businessId, {
      page: q.page,
      limit: q.limit,
      read: q.read === undefined ? undefined : q.read === 'true',
      type: q.type,
      from: q.startDate ? new Date(q.startDate) : undefined,
      to,
      toExclusive,
    });
    return { data: rows.map(toNotificationDto), pagination: makePagination(total, q.page, q.limit) };
  }

  unreadCount(caller: BusinessCaller): Promise<number> {
    return this.repo.unreadCount(caller.userId, caller.businessId);
  }

  async markRead(caller: BusinessCaller, id: string): Promise<Notification> {
    const row = await this.repo.markRead(caller.userId, caller.businessId, id);
    if (!row) throw new AppError('NOT_FOUND', 'Notification not found');
    await this.changed(caller, row.businessId);
    return toNotificationDto(row);
  }

  async markAllRead(caller: BusinessCaller): Promise<number> {
    const updated = await this.repo.markAllRead(caller.userId, caller.businessId);
    if (updated > 0) await this.changed(caller, caller.businessId);
    return updated;
  }

  async remove(caller: BusinessCaller, id: string): Promise<void> {
    if (!(await this.repo.delete(caller.userId, caller.businessId, id))) {
      throw new AppError('NOT_FOUND', 'Notification not found');
    }
    await this.changed(caller, caller.businessId);
  }

  /** The caller's other open bells (tabs, devices) refresh too; best effort. */
  private async changed(caller: BusinessCaller, businessId: string | null): Promise<void> {
    await this.repo.signal(undefined, 'changed', businessId, [caller.userId]).catch((err: unknown) => {
      this.log(err, 'notifications: a change was not pushed');
    });
  }

  async preferences(userId: string): Promise<NotificationPreferences> {
    const prefs = Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, true])) as NotificationPreferences;
    for (const row of await this.repo.preferences(userId)) {
      if (row.type in prefs) prefs[row.type] = row.enabled;
    }
    return prefs;
  }

  async savePreferences(
    userId: string,
    input: Partial<Record<NotificationType, boolean>>,
  ): Promise<NotificationPreferences> {
    const changes = Object.entries(input).filter(([, v]) => typeof v === 'boolean') as [NotificationType, boolean][];
    await this.repo.savePreferences(userId, changes);
    return this.preferences(userId);
  }

  /**
   * POST /notifications/friend-request-sent: the recipient is told; asking the same person again tells nobody. Only
   * someone the caller shares a business or a community with, who has not blocked the caller; anyone else is
   * 'User not found' (as an unknown id: nobody learns who exists).
   */
  async friendRequestSent(caller: AuthContext, recipientUserId: string): Promise<void> {
    if (recipientUserId === caller.userId) {
      throw new AppError('VALIDATION_ERROR', 'You cannot send a friend request to yourself', [
        { field: 'recipientUserId', message: 'You cannot send a friend request to yourself' },
      ]);
    }
    if (!(await this.repo.canBefriend(caller.userId, recipientUserId)))
      throw new AppError('NOT_FOUND', 'User not found');
    await this.repo.transaction(async (tx) => {
      if (!(await this.repo.recordFriendRequest(tx, caller.userId, recipientUserId))) return;
      await this.deliverPersonal(tx, recipientUserId, {
        type: 'FRIEND_REQUEST_RECEIVED',
        title: 'New friend request',
        message: `${notifiedName(caller.user)} sent you a friend request`,
        data: { url: `/user/${encodeURIComponent(caller.userId)}` },
      });
    });
  }

  /**
   * POST /notifications/friend-request-received: the caller acknowledges a request the sender made to them; the
   * sender is told once. 404 when that user asked the caller nothing.
   */
  async friendRequestReceived(caller: AuthContext, senderUserId: string): Promise<void> {
    await this.repo.transaction(async (tx) => {
      const outcome = await this.repo.markFriendRequestReceived(tx, senderUserId, caller.userId);
      if (outcome === 'none') throw new AppError('NOT_FOUND', 'Friend request not found');
      if (outcome === 'again') return;
      await this.deliverPersonal(tx, senderUserId, {
        type: 'FRIEND_REQUEST_SENT',
        title: 'Friend request received',
        message: `${notifiedName(caller.user)} received your friend request`,
        data: { url: `/user/${encodeURIComponent(caller.userId)}` },
      });
    });
  }
}
