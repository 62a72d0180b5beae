// Only what the browser's shared zod exports (contracts/src/zod-browser.ts): no strictObject, no z.email.
import * as z from 'zod';

/*
 * Team chat (issue #19 §6): channels per business and direct messages between two members, plain-text messages
 * (the server strips any markup), history by cursor, unread counts, and the help-chat token (GET /intercom/jwt).
 */

export const CHAT_MESSAGE_MAX = 4000;
export const CHAT_CHANNEL_NAME_MAX = 60;
/** Messages per history page (older pages by `before`). */
export const CHAT_PAGE_SIZE = 30;
export const CHAT_PAGE_MAX = 100;
export const CHAT_DEFAULT_CHANNEL = 'general';
/** The help-chat token is used until this long before it expires (spec constants). */
export const INTERCOM_REFRESH_BEFORE_S = 60;

export const CHAT_TEXTS = {
  title: 'Chat',
  open: 'Open chat',
  channels: 'Channels',
  directMessages: 'Direct messages',
  newChannel: 'New channel',
  channelName: 'Channel name',
  create: 'Create',
  rename: 'Rename',
  archive: 'Archive',
  save: 'Save',
  cancel: 'Cancel',
  placeholder: 'Write a message…',
  send: 'Send',
  edit: 'Edit',
  delete: 'Delete',
  edited: '(edited)',
  deleted: 'This message was deleted',
  loadOlder: 'Load older messages',
  noMessages: 'No messages yet',
  pickConversation: 'Pick a channel or a member',
  failedToLoad: 'Failed to load chat',
  failedToSend: 'Failed to send message',
  tryAgain: 'Try again',
  emptyMessage: 'Write a message first',
  messageTooLong: `A message is at most ${CHAT_MESSAGE_MAX} characters`,
  nameRequired: 'Channel name is required',
  nameTooLong: `A channel name is at most ${CHAT_CHANNEL_NAME_MAX} characters`,
  nameTaken: 'A channel with this name exists already',
  channelNotFound: 'Channel not found',
  messageNotFound: 'Message not found',
  memberNotFound: 'Member not found',
  ownersOnly: 'Only owners and admins can change channels',
  archived: 'This channel is archived',
  notYours: 'You can only change your own messages',
  dmSelf: 'You cannot message yourself',
  intercomOff: 'Help chat is not set up',
} as const;

const channelName = z
  .string()
  .trim()
  .min(1, CHAT_TEXTS.nameRequired)
  .max(CHAT_CHANNEL_NAME_MAX, CHAT_TEXTS.nameTooLong)
  .transform((s) => s.replace(/^#+/, '').replace(/\s+/g, '-').toLowerCase())
  .refine((s) => s.length > 0, CHAT_TEXTS.nameRequired);

export const chatChannelInputSchema = z.object({ name: channelName }).strict();
export type ChatChannelInput = z.input<typeof chatChannelInputSchema>;

export const chatChannelUpdateSchema = z
  .object({ name: channelName.optional(), archived: z.boolean().optional() })
  .strict()
  .refine((v) => v.name !== undefined || v.archived !== undefined, 'Give a name or archived');
export type ChatChannelUpdate = z.input<typeof chatChannelUpdateSchema>;

export const chatDmInputSchema = z.object({ userId: z.string().min(1).max(100) }).strict();

export const chatMessageInputSchema = z
  .object({
    body: z.string().trim().min(1, CHAT_TEXTS.emptyMessage).max(CHAT_MESSAGE_MAX, CHAT_TEXTS.messageTooLong),
  })
  .strict();
export type ChatMessageInput = z.input<typeof chatMessageInputSchema>;

export const chatHistoryQuerySchema = z
  .object({
    /** Messages older than this seq (the first message of the page shown). */
    before: z.coerce.number().int().positive().optional(),
    limit: z.coerce.number().int().min(1).max(CHAT_PAGE_MAX).default(CHAT_PAGE_SIZE),
  })
  .strict();
export type ChatHistoryQuery = { before?: number; limit?: number };

export const chatMemberSchema = z.object({ userId: z.string(), name: z.string(), email: z.string() });
export type ChatMember = z.infer<typeof chatMemberSchema>;

export const chatChannelSchema = z.object({
  _id: z.string(),
  kind: z.enum(['channel', 'dm']),
  /** A channel's name; for a direct message the other member's name. */
  name: z.string(),
  /** The other member of a direct message. */
  peerUserId: z.string().nullable(),
  archived: z.boolean(),
  unread: z.number().int().nonnegative(),
  lastMessageAt: z.string().nullable(),
});
export type ChatChannel = z.infer<typeof chatChannelSchema>;

export const chatMessageSchema = z.object({
  _id: z.string(),
  channelId: z.string(),
  seq: z.number().int(),
  userId: z.string().nullable(),
  authorName: z.string(),
  body: z.string(),
  edited: z.boolean(),
  deleted: z.boolean(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatOverviewAnswerSchema = z.object({
  success: z.literal(true),
  data: z.object({
    channels: z.array(chatChannelSchema),
    members: z.array(chatMemberSchema),
    unreadTotal: z.number().int().nonnegative(),
  }),
});
export type ChatOverview = z.infer<typeof chatOverviewAnswerSchema>['data'];

export const chatChannelAnswerSchema = z.object({ success: z.literal(true), data: chatChannelSchema });
export const chatMessageAnswerSchema = z.object({ success: z.literal(true), data: chatMessageSchema });
export const chatHistoryAnswerSchema = z.object({
  success: z.literal(true),
  /** Oldest first (newest last); `hasMore`: older messages exist before the first. */
  data: z.array(chatMessageSchema),
  hasMore: z.boolean(),
});
export type ChatHistory = z.infer<typeof chatHistoryAnswerSchema>;
export const chatUnreadAnswerSchema = z.object({ success: z.literal(true), count: z.number().int().nonnegative() });

/** The chat stream's events (GET /chat/stream, server-sent events). */
export const CHAT_STREAM_EVENTS = { ready: 'ready', chat: 'chat' } as const;
/** One `chat` event: something changed in this channel (a message, an edit, a read elsewhere, a rename). */
export const chatStreamEventSchema = z.object({ channelId: z.string().nullable() });

export const intercomJwtAnswerSchema = z.object({ intercom_user_jwt: z.string(), expires_in: z.number().int() });
export type IntercomJwtAnswer = z.infer<typeof intercomJwtAnswerSchema>;
