import { ApiError, api } from '@atrium/api-client';
import remoteModule from '../../module';
import { searchCommunities } from './community-search';

afterEach(() => jest.restoreAllMocks());

const community = (id: string, name: string, memberCount: number) => ({
  _id: id,
  name,
  description: '',
  visibility: 'public',
  coverUrl: null,
  memberCount,
  myRole: null,
  myStatus: null,
  createdBy: 'u1',
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('community-market search provider', () => {
  it('asks for communities by name and events by title side by side, and links each to its page', async () => {
    const get = jest.spyOn(api, 'get').mockImplementation(async (path: string) => {
      if (path === 'communities')
        return {
          success: true,
          data: [community('c1', 'Growth Hackers', 12), community('a/b', 'Solo', 1)],
          pagination: { total: 2, page: 1, limit: 5, totalPages: 1 },
        };
      if (path === 'communities/events')
        return {
          success: true,
          data: [
            {
              _id: 'e1',
              communityId: 'c1',
              communityName: 'Growth Hackers',
              title: 'Launch night',
              startsAt: '2030-03-01T17:00:00.000Z',
              timeZone: 'Europe/Paris',
            },
          ],
        };
      throw new Error(`unexpected ${path}`);
    });
    const signal = new AbortController().signal;
    const groups = await searchCommunities({ term: 'growth', limit: 5, signal });
    expect(get).toHaveBeenCalledWith('communities', { scope: 'discover', search: 'growth', limit: 5 }, { signal });
    expect(get).toHaveBeenCalledWith('communities/events', { search: 'growth', limit: 5 }, { signal });
    expect(groups).toEqual([
      {
        key: 'communities',
        label: 'Communities',
        icon: 'communities',
        order: 40,
        items: [
          { id: 'c1', title: 'Growth Hackers', subtitle: '12 members', href: '/communities/c1' },
          { id: 'a/b', title: 'Solo', subtitle: '1 member', href: '/communities/a%2Fb' },
        ],
      },
      {
        key: 'community-events',
        label: 'Events',
        icon: 'calendar',
        order: 50,
        items: [
          {
            id: 'e1',
            title: 'Launch night',
            subtitle: 'Growth Hackers · 1 Mar 2030, 18:00',
            href: '/communities/c1/events/e1',
          },
        ],
      },
    ]);
  });

  it('rejects when either call fails, so the box can say so', async () => {
    jest.spyOn(api, 'get').mockImplementation(async (path: string) => {
      if (path === 'communities/events') throw new ApiError(500, 'INTERNAL_ERROR', 'boom');
      return { success: true, data: [], pagination: { total: 0, page: 1, limit: 5, totalPages: 0 } };
    });
    await expect(searchCommunities({ term: 'x', limit: 5 })).rejects.toMatchObject({ status: 500 });
  });

  it('is the remote module’s search provider', async () => {
    jest.spyOn(api, 'get').mockResolvedValue({ success: true, data: [] });
    const groups = await remoteModule.search!({ term: 'x', limit: 5 });
    expect(groups.map((g) => g.key)).toEqual(['communities', 'community-events']);
  });
});
