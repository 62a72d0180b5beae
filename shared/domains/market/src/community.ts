// Only what the browser's shared zod exports (contracts/src/zod-browser.ts): no strictObject, no z.email.
import * as z from 'zod';
import { paginationSchema } from '@atrium/contracts';
import { requiredText } from './required-text';

/*
 * Communities (issue #20 §1–2): platform-wide groups of professionals, public (anyone joins) or approval-only
 * (a moderator approves; posts, events and members are seen by members only), roles owner / moderator / member;
 * posts with comments and reactions; events with a time zone, an online link or a place, a capacity and RSVPs.
 */

export const COMMUNITY_NAME_MAX = 80;
export const COMMUNITY_DESCRIPTION_MAX = 2000;
export const POST_BODY_MAX = 5000;
export const COMMENT_BODY_MAX = 2000;
export const EVENT_TITLE_MAX = 120;
export const EVENT_DESCRIPTION_MAX = 5000;
export const EVENT_CAPACITY_MAX = 100_000;
export const COMMUNITY_PAGE_SIZE = 20;

export const COMMUNITY_VISIBILITIES = ['public', 'private'] as const;
export type CommunityVisibility = (typeof COMMUNITY_VISIBILITIES)[number];
export const COMMUNITY_ROLES = ['owner', 'moderator', 'member'] as const;
export type CommunityRole = (typeof COMMUNITY_ROLES)[number];
export const MEMBER_STATUSES = ['active', 'pending'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
export const REACTION_KINDS = ['like', 'celebrate', 'insightful'] as const;
export type ReactionKind = (typeof REACTION_KINDS)[number];
export const RSVP_STATUSES = ['going', 'waitlist'] as const;
export type RsvpStatus = (typeof RSVP_STATUSES)[number];

/** Texts the community pages and the server share (toasts and refusals), spelled once. */
export const COMMUNITY_MESSAGES = {
  created: 'Community created successfully',
  updated: 'Community updated successfully',
  deleted: 'Community deleted successfully',
  joined: 'You joined the community',
  requested: 'Your request to join was sent',
  left: 'You left the community',
  notFound: 'Community not found',
  postNotFound: 'Post not found',
  commentNotFound: 'Comment not found',
  eventNotFound: 'Event not found',
  memberNotFound: 'Member not found',
  coverNotFound: 'Community has no cover image',
  invalidCoverFormat: 'Cover must be a PNG, JPEG, WebP or GIF image',
  membersOnly: 'Join the community first',
  moderatorsOnly: 'Only the community’s owner and moderators can do this',
  ownerOnly: 'Only the community’s owner can do this',
  ownerCannotLeave: 'The owner cannot leave the community; hand ownership over or delete it',
  eventFull: 'This event is full. Join the waitlist instead.',
  rsvpSaved: 'Your RSVP was saved',
  waitlisted: 'The event is full: you are on the waitlist',
  eventCreated: 'Event created successfully',
  postCreated: 'Post published',
  postRemoved: 'Post removed',
  commentRemoved: 'Comment removed',
  endBeforeStart: 'The end must be after the start',
  linkRequired: 'An online event needs its link',
  placeRequired: 'An in-person event needs its place',
  emptyText: 'Write something first',
  unknownTimeZone: 'Unknown time zone',
  coverUploaded: 'Cover updated',
} as const;

export const communityInputSchema = z.object({
  name: requiredText(COMMUNITY_NAME_MAX, 'Name'),
  description: z.string().trim().max(COMMUNITY_DESCRIPTION_MAX).default(''),
  visibility: z.enum(COMMUNITY_VISIBILITIES).default('public'),
});
export type CommunityInput = z.input<typeof communityInputSchema>;
export const communityUpdateSchema = z.object({
  name: requiredText(COMMUNITY_NAME_MAX, 'Name').optional(),
  description: z.string().trim().max(COMMUNITY_DESCRIPTION_MAX).optional(),
  visibility: z.enum(COMMUNITY_VISIBILITIES).optional(),
});
export type CommunityUpdate = z.input<typeof communityUpdateSchema>;

export const communityListQuerySchema = z.object({
  scope: z.enum(['discover', 'mine']).default('discover'),
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(COMMUNITY_PAGE_SIZE),
});
export interface CommunityListQuery {
  scope?: 'discover' | 'mine';
  search?: string;
  page?: number;
  limit?: number;
}

export const communitySchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  visibility: z.enum(COMMUNITY_VISIBILITIES),
  /** The cover's URL (with a version), or null. */
  coverUrl: z.string().nullable(),
  memberCount: z.number().int(),
  /** The caller's standing: null when not a member nor asking to be. */
  myRole: z.enum(COMMUNITY_ROLES).nullable(),
  myStatus: z.enum(MEMBER_STATUSES).nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type Community = z.infer<typeof communitySchema>;

export const communityMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  role: z.enum(COMMUNITY_ROLES),
  status: z.enum(MEMBER_STATUSES),
  joinedAt: z.string(),
});
export type CommunityMember = z.infer<typeof communityMemberSchema>;
export const memberUpdateSchema = z.object({
  role: z.enum(['moderator', 'member']).optional(),
  status: z.literal('active').optional(),
});
export type MemberUpdate = z.infer<typeof memberUpdateSchema>;

export const postInputSchema = z.object({ body: requiredText(POST_BODY_MAX, 'Text') });
export const commentInputSchema = z.object({ body: requiredText(COMMENT_BODY_MAX, 'Text') });
export const reactionInputSchema = z.object({ kind: z.enum(REACTION_KINDS) });

export const postSchema = z.object({
  _id: z.string(),
  communityId: z.string(),
  authorId: z.string().nullable(),
  authorName: z.string(),
  body: z.string(),
  commentCount: z.number().int(),
  reactions: z.record(z.string(), z.number().int()),
  myReaction: z.enum(REACTION_KINDS).nullable(),
  createdAt: z.string(),
});
export type Post = z.infer<typeof postSchema>;
export const commentSchema = z.object({
  _id: z.string(),
  postId: z.string(),
  authorId: z.string().nullable(),
  authorName: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export type PostComment = z.infer<typeof commentSchema>;

/** An IANA zone name the runtime knows ("Europe/Berlin", "UTC"). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const httpUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^https?:\/\/[^\s]+$/, 'Must be an http(s) link');

export const eventInputSchema = z
  .object({
    title: requiredText(EVENT_TITLE_MAX, 'Title'),
    description: z.string().trim().max(EVENT_DESCRIPTION_MAX).default(''),
    startsAt: z.iso.datetime({ offset: true, error: 'Start must be a date and time' }),
    endsAt: z.iso.datetime({ offset: true, error: 'End must be a date and time' }),
    timeZone: z.string().trim().min(1).max(64),
    mode: z.enum(['online', 'in_person']),
    onlineUrl: httpUrl.optional().or(z.literal('')),
    place: z.string().trim().max(300).optional(),
    /** No capacity: anyone may go. */
    capacity: z.coerce
      .number()
      .int('Capacity must be a whole number')
      .min(1, 'Capacity must be at least 1')
      .max(EVENT_CAPACITY_MAX)
      .nullable()
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (Date.parse(v.endsAt) <= Date.parse(v.startsAt))
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: COMMUNITY_MESSAGES.endBeforeStart });
    if (!isTimeZone(v.timeZone))
      ctx.addIssue({ code: 'custom', path: ['timeZone'], message: COMMUNITY_MESSAGES.unknownTimeZone });
    if (v.mode === 'online' && !v.onlineUrl)
      ctx.addIssue({ code: 'custom', path: ['onlineUrl'], message: COMMUNITY_MESSAGES.linkRequired });
    if (v.mode === 'in_person' && !v.place)
      ctx.addIssue({ code: 'custom', path: ['place'], message: COMMUNITY_MESSAGES.placeRequired });
  });
export type EventInput = z.input<typeof eventInputSchema>;

export const eventSchema = z.object({
  _id: z.string(),
  communityId: z.string(),
  communityName: z.string(),
  title: z.string(),
  description: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  timeZone: z.string(),
  mode: z.enum(['online', 'in_person']),
  onlineUrl: z.string().nullable(),
  place: z.string().nullable(),
  capacity: z.number().int().nullable(),
  goingCount: z.number().int(),
  waitlistCount: z.number().int(),
  myRsvp: z.enum(RSVP_STATUSES).nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type CommunityEvent = z.infer<typeof eventSchema>;

/** GET /communities/events?search=&limit=: events by title, in the communities the caller may read (global search). */
export const eventSearchQuerySchema = z.object({
  search: z.string().trim().min(1, 'Enter something to search for').max(200),
  limit: z.coerce.number().int().min(1).max(20).default(5),
});
export interface EventSearchQuery {
  search: string;
  limit?: number;
}
/** A hit of the event search: enough to name it and link to its page. */
export const eventHitSchema = z.object({
  _id: z.string(),
  communityId: z.string(),
  communityName: z.string(),
  title: z.string(),
  startsAt: z.string(),
  timeZone: z.string(),
});
export type EventHit = z.infer<typeof eventHitSchema>;
export const rsvpInputSchema = z.object({ status: z.enum(RSVP_STATUSES) });
export type RsvpInput = z.infer<typeof rsvpInputSchema>;

const ok = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });
export const communityAnswerSchema = ok(communitySchema);
export const communityListAnswerSchema = z.object({
  success: z.literal(true),
  data: z.array(communitySchema),
  pagination: paginationSchema,
});
export const memberListAnswerSchema = ok(z.array(communityMemberSchema));
export const memberAnswerSchema = ok(communityMemberSchema);
export const postAnswerSchema = ok(postSchema);
export const postListAnswerSchema = z.object({
  success: z.literal(true),
  data: z.array(postSchema),
  pagination: paginationSchema,
});
export const commentListAnswerSchema = ok(z.array(commentSchema));
export const commentAnswerSchema = ok(commentSchema);
export const eventAnswerSchema = ok(eventSchema);
export const eventListAnswerSchema = ok(z.array(eventSchema));
export const eventSearchAnswerSchema = ok(z.array(eventHitSchema));
export type CommunityList = z.infer<typeof communityListAnswerSchema>;
export type PostList = z.infer<typeof postListAnswerSchema>;
