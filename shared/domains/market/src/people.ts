// Only what the browser's shared zod exports (contracts/src/zod-browser.ts).
import * as z from 'zod';
import { communitySchema } from './community';

/*
 * People (issue #20 §5): a user's public profile, follow / unfollow, friend requests (asking someone who asked
 * you makes you friends), blocking (which ends follows and friendship both ways and refuses new ones).
 */

export const PEOPLE_MESSAGES = {
  userNotFound: 'User not found',
  notYourself: 'You cannot do this to yourself',
  blocked: 'This person is not available',
  followed: 'You are now following this person',
  unfollowed: 'You unfollowed this person',
  requestSent: 'Friend request sent',
  friendsNow: 'You are now friends',
  friendRemoved: 'Friend removed',
  blockedDone: 'User blocked',
  unblocked: 'User unblocked',
} as const;

export const personSchema = z.object({ _id: z.string(), name: z.string() });
export type Person = z.infer<typeof personSchema>;

/** The relation of the caller to the profile's user. `friend`: pending one way or the other, or friends. */
export const relationSchema = z.object({
  following: z.boolean(),
  followedBy: z.boolean(),
  friend: z.enum(['none', 'requested', 'incoming', 'friends']),
  blocked: z.boolean(),
});
export type Relation = z.infer<typeof relationSchema>;

export const profileSchema = z.object({
  _id: z.string(),
  name: z.string(),
  pictureUrl: z.string().nullable(),
  industry: z.string().nullable(),
  /** City and country, as the person gave them ('Lyon, France'); null when neither. */
  place: z.string().nullable(),
  memberSince: z.string(),
  followerCount: z.number().int(),
  followingCount: z.number().int(),
  friendCount: z.number().int(),
  /** Communities the user belongs to that the caller may see (public ones, and private ones the caller is in). */
  communities: z.array(communitySchema.pick({ _id: true, name: true, visibility: true, memberCount: true })),
  relation: relationSchema,
  self: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

export const profileAnswerSchema = z.object({ success: z.literal(true), data: profileSchema });
export const peopleListAnswerSchema = z.object({ success: z.literal(true), data: z.array(personSchema) });
export const relationAnswerSchema = z.object({ success: z.literal(true), data: relationSchema });
