import { PEOPLE_MESSAGES, type Person, type Profile, type Relation } from '@atrium/domain-market/schemas';
import type { AuthContext } from '../../lib/caller';
import { AppError } from '../../lib/errors';
import type { CommunitiesService } from '../communities/communities.service';
import type { PeopleRepository } from './people.repository';

type Caller = Pick<AuthContext, 'userId' | 'businessId'>;

/**
 * People (issue #20 §5): public profiles, follows, friend requests, blocks. Any signed-in user sees a profile,
 * unless one of the two blocked the other: then the profile is 404 for the blocked one and the lists
 * (friends / followers / following) answer 403 (the client passes that 403 quietly, spec section 8); follow and
 * friend requests between them are refused.
 */
export class PeopleService {
  constructor(
    private readonly repo: PeopleRepository,
    private readonly communities: Pick<CommunitiesService, 'visibleOf'>,
  ) {}

  /** Whether either of the two blocked the other — for other modules' reads (the marketplace hides them). */
  async blockedEitherWay(a: string, b: string): Promise<boolean> {
    const blocks = await this.repo.blocks(a, b);
    return blocks.mine || blocks.theirs;
  }

  private async target(caller: Caller, userId: string) {
    const user = await this.repo.user(userId);
    if (!user) throw new AppError('NOT_FOUND', PEOPLE_MESSAGES.userNotFound);
    return user;
  }

  private notSelf(caller: Caller, userId: string) {
    if (caller.userId === userId)
      throw new AppError('VALIDATION_ERROR', PEOPLE_MESSAGES.notYourself, [
        { field: 'userId', message: PEOPLE_MESSAGES.notYourself },
      ]);
  }

  async relation(caller: Caller, userId: string): Promise<Relation> {
    const [following, followedBy, friendship, blocks] = await Promise.all([
      this.repo.follows(caller.userId, userId),
      this.repo.follows(userId, caller.userId),
      this.repo.friendship(caller.userId, userId),
      this.repo.blocks(caller.userId, userId),
    ]);
    const friend = !friendship
      ? 'none'
      : friendship.acceptedAt
        ? 'friends'
        : friendship.requesterId === caller.userId
          ? 'requested'
          : 'incoming';
    return { following, followedBy, friend, blocked: blocks.mine };
  }

  async profile(caller: Caller, userId: string): Promise<Profile> {
    const user = await this.target(caller, userId);
    if ((await this.repo.blocks(caller.userId, userId)).theirs)
      throw new AppError('NOT_FOUND', PEOPLE_MESSAGES.userNotFound);
    const [counts, communities, relation] = await Promise.all([
      this.repo.counts(userId),
      this.communities.visibleOf(caller, userId),
      this.relation(caller, userId),
    ]);
    return {
      _id: user.id,
      name: user.name,
      pictureUrl: user.picture,
      industry: user.industry || null,
      place: [user.city, user.country].filter(Boolean).join(', ') || null,
      memberSince: user.createdAt.toISOString(),
      followerCount: counts.followers,
      followingCount: counts.following,
      friendCount: counts.friends,
      communities,
      relation,
      self: caller.userId === userId,
    };
  }

  /** friends / followers / following: 403 between people one of whom blocked the other. */
  async list(caller: Caller, userId: string, kind: 'friends' | 'followers' | 'following'): Promise<Person[]> {
    await this.target(caller, userId);
    const blocks = await this.repo.blocks(caller.userId, userId);
    if (blocks.mine || blocks.theirs) throw new AppError('FORBIDDEN', PEOPLE_MESSAGES.blocked);
    return this.repo[kind](userId);
  }

  private async reachable(caller: Caller, userId: string) {
    this.notSelf(caller, userId);
    await this.target(caller, userId);
    const blocks = await this.repo.blocks(caller.userId, userId);
    if (blocks.mine || blocks.theirs) throw new AppError('FORBIDDEN', PEOPLE_MESSAGES.blocked);
  }

  async follow(caller: Caller, userId: string): Promise<Relation> {
    await this.reachable(caller, userId);
    await this.repo.follow(caller.userId, userId);
    return this.relation(caller, userId);
  }

  async unfollow(caller: Caller, userId: string): Promise<Relation> {
    this.notSelf(caller, userId);
    await this.target(caller, userId);
    await this.repo.unfollow(caller.userId, userId);
    return this.relation(caller, userId);
  }

  /** Asks to be friends; when the other already asked the caller, they are friends now. Asking again changes nothing. */
  async friendRequest(caller: Caller, userId: string): Promise<Relation> {
    await this.reachable(caller, userId);
    await this.repo.transaction(async (tx) => {
      const existing = await this.repo.friendship(caller.userId, userId, tx);
      if (!existing) await this.repo.requestFriend(caller.userId, userId, tx);
      else if (!existing.acceptedAt && existing.requesterId === userId)
        await this.repo.acceptFriend(userId, caller.userId, tx);
    });
    return this.relation(caller, userId);
  }

  /** Ends a friendship, withdraws a request or turns one down. */
  async unfriend(caller: Caller, userId: string): Promise<Relation> {
    this.notSelf(caller, userId);
    await this.target(caller, userId);
    await this.repo.unfriend(caller.userId, userId);
    return this.relation(caller, userId);
  }

  async block(caller: Caller, userId: string): Promise<Relation> {
    this.notSelf(caller, userId);
    await this.target(caller, userId);
    await this.repo.block(caller.userId, userId);
    return this.relation(caller, userId);
  }

  async unblock(caller: Caller, userId: string): Promise<Relation> {
    this.notSelf(caller, userId);
    await this.target(caller, userId);
    await this.repo.unblock(caller.userId, userId);
    return this.relation(caller, userId);
  }
}
