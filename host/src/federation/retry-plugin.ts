import { CHUNK_LOAD_BASE_DELAY_MS, CHUNK_LOAD_RETRIES } from '@atrium/contracts/constants';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type LoadEntryErrorArgs = {
  getRemoteEntry: (a: { origin: unknown; remoteInfo: unknown; remoteEntryExports?: unknown }) => Promise<unknown>;
  origin: unknown;
  remoteInfo: { name: string };
  remoteEntryExports?: unknown;
  globalLoading: Record<string, unknown>;
  uniqueKey: string;
};

/**
 * Runtime plugin: a remote entry that fails to load is retried 3 times, 1 s doubling (docs/requirements.md §9),
 * clearing the runtime's cached failure before each try. After that the load rejects and the host shows
 * the remote's error panel.
 */
export function backoffRetryPlugin(retries = CHUNK_LOAD_RETRIES, baseDelay = CHUNK_LOAD_BASE_DELAY_MS) {
  return {
    name: 'atrium-backoff-retry',
    async loadEntryError(args: LoadEntryErrorArgs) {
      for (let attempt = 0; attempt < retries; attempt += 1) {
        await sleep(baseDelay * 2 ** attempt);
        delete args.globalLoading[args.uniqueKey];
        try {
          const entry = await args.getRemoteEntry({
            origin: args.origin,
            remoteInfo: args.remoteInfo,
            remoteEntryExports: args.remoteEntryExports,
          });
          if (entry) return entry;
        } catch {
          // next attempt
        }
      }
      return undefined;
    },
  };
}
