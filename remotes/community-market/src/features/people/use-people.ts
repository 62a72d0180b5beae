import { useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { people, peopleKeys } from '@atrium/domain-market';

export function useProfile(userId: string) {
  return useQuery({ queryKey: peopleKeys.profile(userId), queryFn: () => people.profile(userId) });
}

/**
 * A person's friends, followers or following. A 403 (one of the two blocked the other) is passed quietly by the
 * client and shown here as an empty, unavailable list.
 */
export function usePeopleList(userId: string, kind: 'friends' | 'followers' | 'following') {
  return useQuery({ queryKey: peopleKeys.list(userId, kind), queryFn: () => people[kind](userId) });
}

/** Follow, friend and block calls; each refreshes that person's profile and lists. */
export function usePeopleActions(userId: string) {
  const qc = useQueryClient();
  return useMemo(() => {
    const after = async <R>(call: Promise<R>) => {
      const result = await call;
      await qc.invalidateQueries({ queryKey: peopleKeys.all });
      return result;
    };
    return {
      follow: () => after(people.follow(userId)),
      unfollow: () => after(people.unfollow(userId)),
      friendRequest: () => after(people.friendRequest(userId)),
      unfriend: () => after(people.unfriend(userId)),
      block: () => after(people.block(userId)),
      unblock: () => after(people.unblock(userId)),
    };
  }, [qc, userId]);
}
