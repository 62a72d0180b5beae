import { CHUNK_LOAD_BASE_DELAY_MS, CHUNK_LOAD_RETRIES } from '@atrium/contracts/constants';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A failed lazy page load is retried 3 times (1 s, doubling), then fires a preload-error event and rethrows
 * (the error boundary then offers 'App Update Available' with Refresh Page).
 */
export async function retryImport<T>(
  load: () => Promise<T>,
  retries = CHUNK_LOAD_RETRIES,
  baseDelay = CHUNK_LOAD_BASE_DELAY_MS,
): Promise<T> {
  let lastError: unknown;
  for (let attempt = 0; attempt <= retries; attempt += 1) {
    try {
      return await load();
    } catch (e) {
      lastError = e;
      if (attempt < retries) await sleep(baseDelay * 2 ** attempt);
    }
  }
  if (typeof window !== 'undefined') {
    window.dispatchEvent(new CustomEvent('atrium:preload-error', { detail: lastError }));
  }
  throw lastError;
}
