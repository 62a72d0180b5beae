import type { ApiClient } from '@atrium/api-client';
import { API_ROOT } from '@atrium/contracts';
import type {
  Community,
  CommunityEvent,
  CommunityInput,
  CommunityList,
  CommunityListQuery,
  CommunityMember,
  CommunityUpdate,
  EventInput,
  MemberUpdate,
  Post,
  PostComment,
  PostList,
  ReactionKind,
  RsvpStatus,
} from '../community';
import type { Person, Profile, Relation } from '../people';

const enc = encodeURIComponent;
type Data<T> = { success: true; data: T };

/** Community calls (docs/requirements.md "Communities"): communities, members, posts, comments, reactions, events. */
export function communitiesApi(client: ApiClient) {
  const c = (id: string) => `communities/${enc(id)}`;
  return {
    list: (query: CommunityListQuery = {}) => client.get<CommunityList>('communities', { ...query }),
    get: async (id: string) => (await client.get<Data<Community>>(c(id))).data,
    create: async (input: CommunityInput) => (await client.post<Data<Community>>('communities', input)).data,
    update: async (id: string, input: CommunityUpdate) => (await client.put<Data<Community>>(c(id), input)).data,
    remove: async (id: string) => {
      await client.delete(c(id));
    },
    /** Multipart, field 'cover'. */
    uploadCover: async (id: string, file: Blob, fileName = 'cover') => {
      const form = new FormData();
      form.append('cover', file, fileName);
      return (await client.upload<Data<Community>>(`${c(id)}/cover`, form)).data;
    },
    removeCover: async (id: string) => (await client.delete<Data<Community>>(`${c(id)}/cover`)).data,
    /** Where the cover is served (an <img> src); its 404 is quiet in the client. */
    coverUrl: (id: string) => `${API_ROOT}/${c(id)}/cover`,
    join: async (id: string) => (await client.post<Data<Community>>(`${c(id)}/join`, {})).data,
    leave: async (id: string) => (await client.post<Data<Community>>(`${c(id)}/leave`, {})).data,
    members: async (id: string) => (await client.get<Data<CommunityMember[]>>(`${c(id)}/members`)).data,
    updateMember: async (id: string, userId: string, input: MemberUpdate) =>
      (await client.put<Data<CommunityMember>>(`${c(id)}/members/${enc(userId)}`, input)).data,
    removeMember: async (id: string, userId: string) => {
      await client.delete(`${c(id)}/members/${enc(userId)}`);
    },
    posts: (id: string, page = 1) => client.get<PostList>(`${c(id)}/posts`, { page }),
    createPost: async (id: string, body: string) => (await client.post<Data<Post>>(`${c(id)}/posts`, { body })).data,
    removePost: async (id: string, postId: string) => {
      await client.delete(`${c(id)}/posts/${enc(postId)}`);
    },
    react: async (id: string, postId: string, kind: ReactionKind) =>
      (await client.put<Data<Post>>(`${c(id)}/posts/${enc(postId)}/reaction`, { kind })).data,
    unreact: async (id: string, postId: string) =>
      (await client.delete<Data<Post>>(`${c(id)}/posts/${enc(postId)}/reaction`)).data,
    comments: async (id: string, postId: string) =>
      (await client.get<Data<PostComment[]>>(`${c(id)}/posts/${enc(postId)}/comments`)).data,
    comment: async (id: string, postId: string, body: string) =>
      (await client.post<Data<PostComment>>(`${c(id)}/posts/${enc(postId)}/comments`, { body })).data,
    removeComment: async (id: string, postId: string, commentId: string) => {
      await client.delete(`${c(id)}/posts/${enc(postId)}/comments/${enc(commentId)}`);
    },
    events: async (id: string) => (await client.get<Data<CommunityEvent[]>>(`${c(id)}/events`)).data,
    event: async (id: string, eventId: string) =>
      (await client.get<Data<CommunityEvent>>(`${c(id)}/events/${enc(eventId)}`)).data,
    createEvent: async (id: string, input: EventInput) =>
      (await client.post<Data<CommunityEvent>>(`${c(id)}/events`, input)).data,
    removeEvent: async (id: string, eventId: string) => {
      await client.delete(`${c(id)}/events/${enc(eventId)}`);
    },
    rsvp: async (id: string, eventId: string, status: RsvpStatus) =>
      (await client.put<Data<CommunityEvent>>(`${c(id)}/events/${enc(eventId)}/rsvp`, { status })).data,
    cancelRsvp: async (id: string, eventId: string) =>
      (await client.delete<Data<CommunityEvent>>(`${c(id)}/events/${enc(eventId)}/rsvp`)).data,
    /** The event as an iCalendar file (add to calendar): a link the browser downloads with the session cookie. */
    icsUrl: (id: string, eventId: string) => `${API_ROOT}/${c(id)}/events/${enc(eventId)}/ics`,
  };
}

/** People calls: profile, the spec's friends/followers/following lists (403 passed quietly), follow, friend, block. */
export function peopleApi(client: ApiClient) {
  const u = (id: string) => `users/${enc(id)}`;
  return {
    profile: async (id: string) => (await client.get<Data<Profile>>(`${u(id)}/profile`)).data,
    friends: async (id: string) => (await client.get<Data<Person[]>>(`${u(id)}/friends`)).data,
    followers: async (id: string) => (await client.get<Data<Person[]>>(`${u(id)}/followers`)).data,
    following: async (id: string) => (await client.get<Data<Person[]>>(`${u(id)}/following`)).data,
    follow: async (id: string) => (await client.post<Data<Relation>>(`${u(id)}/follow`, {})).data,
    unfollow: async (id: string) => (await client.delete<Data<Relation>>(`${u(id)}/follow`)).data,
    /** Asks to be friends; when they asked first, you are friends. Then tells them (spec's notification call). */
    friendRequest: async (id: string) => {
      const relation = (await client.post<Data<Relation>>(`${u(id)}/friend-request`, {})).data;
      if (relation.friend === 'friends')
        await client.post('notifications/friend-request-received', { senderUserId: id }).catch(() => undefined);
      else await client.post('notifications/friend-request-sent', { recipientUserId: id }).catch(() => undefined);
      return relation;
    },
    unfriend: async (id: string) => (await client.delete<Data<Relation>>(`${u(id)}/friend`)).data,
    block: async (id: string) => (await client.post<Data<Relation>>(`${u(id)}/block`, {})).data,
    unblock: async (id: string) => (await client.delete<Data<Relation>>(`${u(id)}/block`)).data,
  };
}

export type CommunitiesApi = ReturnType<typeof communitiesApi>;
export type PeopleApi = ReturnType<typeof peopleApi>;
