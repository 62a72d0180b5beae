import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * idle: nothing changed yet; pending: a change waits for the debounce; saving: a PUT is on its way; saved: the
 * server holds what is on screen; failed: the last save failed (the draft is kept, retry saves it again);
 * invalid: the draft has field errors and is not sent.
 */
export type SaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'failed' | 'invalid';

/**
 * Debounced autosave of `payload` (null = not valid, do not send). The first payload is what the server already
 * holds. A change waits `delay` ms; saves never overlap (a change made during a save is saved after it); a failed
 * save keeps the payload and waits for `retry` (or the next change). `flush` saves now and says whether the
 * server holds the latest payload. Leaving the page with unsaved changes sends them one last time.
 */
export function useAutosave<T>(payload: T | null, save: (p: T) => Promise<unknown>, delay = 800) {
  const json = payload === null ? null : JSON.stringify(payload);
  const saved = useRef<string | null>(json);
  const latest = useRef<T | null>(payload);
  latest.current = payload;
  const saveRef = useRef(save);
  saveRef.current = save;
  const inFlight = useRef<Promise<unknown> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [state, setState] = useState<SaveState>('idle');
  const [error, setError] = useState<unknown>(null);

  const flush = useCallback(async (): Promise<boolean> => {
    clearTimeout(timer.current);
    while (inFlight.current) await inFlight.current.catch(() => undefined);
    const p = latest.current;
    if (p === null) return false;
    const j = JSON.stringify(p);
    if (j === saved.current) return true;
    setState('saving');
    const attempt = saveRef.current(p);
    inFlight.current = attempt;
    try {
      await attempt;
      saved.current = j;
      setError(null);
      const now = latest.current === null ? null : JSON.stringify(latest.current);
      setState(now === j ? 'saved' : 'pending');
      return now === j;
    } catch (e) {
      setError(e);
      setState('failed');
      return false;
    } finally {
      inFlight.current = null;
    }
  }, []);

  useEffect(() => {
    if (json === null) {
      clearTimeout(timer.current);
      setState('invalid');
      return;
    }
    if (json === saved.current) {
      setState((s) => (s === 'invalid' || s === 'pending' ? 'saved' : s));
      return;
    }
    setState((s) => (s === 'saving' ? s : 'pending'));
    timer.current = setTimeout(() => void flush(), delay);
    return () => clearTimeout(timer.current);
  }, [json, delay, flush]);

  // Leaving the editor (another page, a closed tab's last render) sends what is not saved yet.
  useEffect(
    () => () => {
      const p = latest.current;
      if (p !== null && JSON.stringify(p) !== saved.current) void saveRef.current(p).catch(() => undefined);
    },
    [],
  );

  return { state, error, flush, retry: flush };
}
