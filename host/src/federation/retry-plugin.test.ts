import { backoffRetryPlugin } from './retry-plugin';

describe('backoff retry plugin', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function args(getRemoteEntry: jest.Mock) {
    return {
      getRemoteEntry,
      origin: {},
      remoteInfo: { name: 'crm' },
      globalLoading: { crm: Promise.resolve() } as Record<string, unknown>,
      uniqueKey: 'crm',
    };
  }

  it('retries 3 times, 1 s doubling, clearing the cached failure before each try', async () => {
    const get = jest.fn().mockRejectedValue(new Error('down'));
    const a = args(get);
    const result = backoffRetryPlugin().loadEntryError(a);
    await jest.advanceTimersByTimeAsync(999);
    expect(get).toHaveBeenCalledTimes(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(get).toHaveBeenCalledTimes(1);
    expect(a.globalLoading.crm).toBeUndefined();
    await jest.advanceTimersByTimeAsync(2000);
    expect(get).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(4000);
    expect(get).toHaveBeenCalledTimes(3);
    await expect(result).resolves.toBeUndefined();
  });

  it('returns the entry as soon as a try succeeds', async () => {
    const entry = { get: () => undefined };
    const get = jest.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValue(entry);
    const result = backoffRetryPlugin(3, 10).loadEntryError(args(get));
    await jest.advanceTimersByTimeAsync(100);
    await expect(result).resolves.toBe(entry);
    expect(get).toHaveBeenCalledTimes(2);
  });
});
