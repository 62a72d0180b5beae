import type { SearchGroup, SearchQuery } from '@atrium/contracts';
import { communities } from '@atrium/domain-market';

/** Where the groups sit among every remote's groups (projects 10, contacts 20, tasks 30, communities 40, events 50). */
export const COMMUNITIES_SEARCH_ORDER = 40;
export const EVENTS_SEARCH_ORDER = 50;

/** "2 Mar 2030, 18:00": an event's start as its own zone shows it. */
function when(startsAt: string, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-GB', {
      timeZone,
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date(startsAt));
  } catch {
    return startsAt;
  }
}

/**
 * The community-market remote's part of the header's global search: communities by name (GET /communities, every
 * community's about is discoverable) and events by title (GET /communities/events, only in communities the caller
 * may read — a private community's events never reach a non-member), asked side by side. Either failing rejects,
 * so the host's box says 'Error searching'.
 */
export async function searchCommunities({ term, limit, signal }: SearchQuery): Promise<SearchGroup[]> {
  const [list, events] = await Promise.all([
    communities.list({ scope: 'discover', search: term, limit }, { signal }),
    communities.searchEvents({ search: term, limit }, { signal }),
  ]);
  return [
    {
      key: 'communities',
      label: 'Communities',
      icon: 'communities',
      order: COMMUNITIES_SEARCH_ORDER,
      items: (list?.data ?? []).map((c) => ({
        id: c._id,
        title: c.name,
        subtitle: `${c.memberCount} ${c.memberCount === 1 ? 'member' : 'members'}`,
        href: `/communities/${encodeURIComponent(c._id)}`,
      })),
    },
    {
      key: 'community-events',
      label: 'Events',
      icon: 'calendar',
      order: EVENTS_SEARCH_ORDER,
      items: (events ?? []).map((e) => ({
        id: e._id,
        title: e.title,
        subtitle: `${e.communityName} · ${when(e.startsAt, e.timeZone)}`,
        href: `/communities/${encodeURIComponent(e.communityId)}/events/${encodeURIComponent(e._id)}`,
      })),
    },
  ];
}
