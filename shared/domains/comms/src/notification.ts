import * as z from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, paginationSchema } from '@atrium/contracts';

/** The Notification types of docs/requirements.md §3, in the spec's order. */
export const NOTIFICATION_TYPES = [
  'SYSTEM',
  'TASK',
  'PROJECT',
  'CHAT',
  'CALENDAR',
  'CONTACT',
  'DOCUMENT',
  'CLIENT_EMAIL_RECEIVED',
  'FORM_SUBMITTED',
  'CONTACT_CREATED',
  'MESSAGE_RECEIVED',
  'FRIEND_REQUEST_SENT',
  'FRIEND_REQUEST_RECEIVED',
  'SIGNATURE_COMPLETED',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export const notificationTypeSchema = z.enum(NOTIFICATION_TYPES, { error: 'Unknown notification type' });

/** What the preferences modal calls each type. */
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  SYSTEM: 'System messages',
  TASK: 'Tasks assigned or changed',
  PROJECT: 'Project stage changes',
  CHAT: 'Chat',
  CALENDAR: 'Meeting invitations',
  CONTACT: 'Contact changes',
  DOCUMENT: 'Documents',
  CLIENT_EMAIL_RECEIVED: 'Client e-mails received',
  FORM_SUBMITTED: 'Form submissions',
  CONTACT_CREATED: 'New contacts',
  MESSAGE_RECEIVED: 'Messages received',
  FRIEND_REQUEST_SENT: 'Friend requests you sent',
  FRIEND_REQUEST_RECEIVED: 'Friend requests received',
  SIGNATURE_COMPLETED: 'Signatures completed',
};

const id = z.string().trim().min(1).max(100);
/** An in-app path ("/projects/…"): never an absolute URL, so a notification cannot send the user elsewhere. */
export const inAppPathSchema = z
  .string()
  .max(500)
  .regex(/^\/(?!\/)[^\s\\]*$/, 'Must be a path inside the app');

/** data of a Notification (§3): what it is about and where clicking it goes. */
export const notificationDataSchema = z.object({
  projectId: id.optional(),
  submissionId: id.optional(),
  formId: id.optional(),
  workflowId: id.optional(),
  /** The contact it is about (a client email's sender matched to a contact). */
  contactId: id.optional(),
  url: inAppPathSchema.optional(),
});
export type NotificationData = z.infer<typeof notificationDataSchema>;

export const notificationSchema = z.object({
  _id: z.string(),
  type: notificationTypeSchema,
  title: z.string(),
  message: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
  data: notificationDataSchema,
});
export type Notification = z.infer<typeof notificationSchema>;

const isoDate = z
  .string()
  .trim()
  .max(40)
  .refine((v) => !Number.isNaN(Date.parse(v)), 'Enter a valid date');

/** GET /notifications: page, limit (20 by default, §9), read, type, startDate, endDate (§7). */
export const notificationListQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    read: z.enum(['true', 'false'], { error: 'Must be true or false' }).optional(),
    type: notificationTypeSchema.optional(),
    startDate: isoDate.optional(),
    endDate: isoDate.optional(),
  })
  .refine((q) => !q.startDate || !q.endDate || Date.parse(q.startDate) <= Date.parse(q.endDate), {
    message: 'Start date cannot be after end date',
    path: ['startDate'],
  });
/** The browser's side of the list query. */
export interface NotificationListQuery {
  page?: number;
  limit?: number;
  read?: 'true' | 'false';
  type?: NotificationType;
  startDate?: string;
  endDate?: string;
}
export type NotificationListFilters = z.output<typeof notificationListQuerySchema>;

export const notificationListAnswerSchema = z.object({
  success: z.literal(true),
  data: z.array(notificationSchema),
  pagination: paginationSchema,
});
export type NotificationListAnswer = z.infer<typeof notificationListAnswerSchema>;

/** GET /notifications/unread/count "returns count" (§7). */
export const unreadCountAnswerSchema = z.object({ success: z.literal(true), count: z.number().int().nonnegative() });
export type UnreadCountAnswer = z.infer<typeof unreadCountAnswerSchema>;

/** PUT /notifications/read/all: how many became read. */
export const readAllAnswerSchema = z.object({
  success: z.literal(true),
  data: z.object({ updated: z.number().int() }),
});

/** Per-user, per-type preferences: a type switched off is not delivered to that user at all. */
const switches = Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, z.boolean()])) as Record<
  NotificationType,
  z.ZodBoolean
>;
export const notificationPreferencesSchema = z.object(switches);
export type NotificationPreferences = Record<NotificationType, boolean>;
/** PUT /notifications/preferences: any subset of the types, each on (true) or off (false); nothing else. */
export const notificationPreferencesInputSchema = z.object(switches).partial().strict();
export type NotificationPreferencesInput = Partial<Record<NotificationType, boolean>>;
export const notificationPreferencesAnswerSchema = z.object({
  success: z.literal(true),
  data: notificationPreferencesSchema,
});

/** POST /notifications/friend-request-sent (§7): the caller sent a friend request to this user. */
export const friendRequestSentSchema = z.object({ recipientUserId: id });
/** POST /notifications/friend-request-received (§7): the caller received (saw) this user's friend request. */
export const friendRequestReceivedSchema = z.object({ senderUserId: id });

/** What the bell says (§2 Header, §8). */
export const NOTIFICATION_TEXTS = {
  empty: 'No notifications',
  loadFailed: 'Failed to load notifications',
  tryAgain: 'Try again',
  markAllRead: 'Mark all as read',
  all: 'All',
  unread: 'Unread',
  /** The toast when the unread count rises (§8), not on first load. */
  arrived: (n: number) => (n === 1 ? 'You have a new notification' : `You have ${n} new notifications`),
} as const;

/** The server-sent event names of GET /notifications/stream. */
export const NOTIFICATION_STREAM_EVENTS = { notification: 'notification', ready: 'ready' } as const;
