import { RecentLookups } from './recent-lookups';

describe('RecentLookups', () => {
  let clock = 1_000;
  const now = () => clock;

  it('loads once within the time-to-live, again after it', async () => {
    const lookups = new RecentLookups<string>(2_000);
    const load = jest.fn(async () => 'row');
    expect(await lookups.get('k', load, now)).toBe('row');
    clock += 1_999;
    expect(await lookups.get('k', load, now)).toBe('row');
    expect(load).toHaveBeenCalledTimes(1);
    clock += 2;
    expect(await lookups.get('k', load, now)).toBe('row');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('forget() makes the next request read again, and a lookup in flight across it is not kept', async () => {
    const lookups = new RecentLookups<string>(2_000);
    let answer = 'old';
    const load = jest.fn(async () => answer);
    await lookups.get('k', load, now);
    lookups.forget();
    answer = 'new';
    expect(await lookups.get('k', load, now)).toBe('new');

    let release!: () => void;
    const slow = lookups.get('x', () => new Promise<string>((resolve) => (release = () => resolve('stale'))), now);
    lookups.forget(); // e.g. a sign-out answered while the lookup ran
    release();
    expect(await slow).toBe('stale');
    expect(await lookups.get('x', async () => 'fresh', now)).toBe('fresh');
  });

  it('never keeps a miss, and keeps at most maxEntries', async () => {
    const lookups = new RecentLookups<string>(2_000, 2);
    const miss = jest.fn(async () => null);
    await lookups.get('gone', miss, now);
    await lookups.get('gone', miss, now);
    expect(miss).toHaveBeenCalledTimes(2);
    const load = jest.fn(async () => 'v');
    for (const key of ['a', 'b', 'c']) await lookups.get(key, load, now);
    await lookups.get('a', load, now); // the oldest went when 'c' came
    expect(load).toHaveBeenCalledTimes(4);
  });
});

describe('RecentLookups with a shared version (several processes)', () => {
  /** Two processes' caches over one shared version, as Redis holds it. */
  const sharedStore = () => {
    let value = '';
    let up = true;
    return {
      version: {
        read: async () => (up ? value : null),
        bump: async () => {
          if (up) value = `${Math.random()}`;
        },
      },
      setUp: (u: boolean) => (up = u),
    };
  };

  it("one process's forget() makes the other read again at once", async () => {
    const shared = sharedStore();
    const a = new RecentLookups<string>(60_000, 100, shared.version);
    const b = new RecentLookups<string>(60_000, 100, shared.version);
    let row = 'live';
    const load = jest.fn(async () => row);
    expect(await b.get('s', load)).toBe('live');
    expect(await b.get('s', load)).toBe('live');
    expect(load).toHaveBeenCalledTimes(1);
    // A signs the session out (its database write) and forgets before answering.
    row = 'revoked';
    await a.forget();
    expect(await b.get('s', load)).toBe('revoked');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('while the version cannot be read nothing remembered is used nor kept', async () => {
    const shared = sharedStore();
    const b = new RecentLookups<string>(60_000, 100, shared.version);
    const load = jest.fn(async () => 'row');
    await b.get('s', load);
    shared.setUp(false);
    await b.get('s', load);
    await b.get('s', load);
    expect(load).toHaveBeenCalledTimes(3);
    shared.setUp(true);
    await b.get('s', load);
    await b.get('s', load);
    expect(load).toHaveBeenCalledTimes(3);
  });
});
