import { useCallback, useEffect, useState } from 'react';

/**
 * The user's arrangement of the home widgets: their order and the hidden ones, kept in this browser's local storage
 * per user id (docs/requirements.md, "Home dashboard arrangement"). Keys are the widgets' keys; widgets the saved
 * order does not know (a remote shipped a new one) follow in their default order; keys of widgets gone are ignored.
 */
export interface HomeLayout {
  order: string[];
  hidden: string[];
}

export const EMPTY_LAYOUT: HomeLayout = { order: [], hidden: [] };
const EVENT = 'atrium:home-layout';
const keyOf = (userId: string) => `homeLayout:${userId}`;
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

export function readHomeLayout(userId: string | undefined): HomeLayout {
  if (!userId) return EMPTY_LAYOUT;
  try {
    const raw = JSON.parse(localStorage.getItem(keyOf(userId)) ?? 'null') as Partial<HomeLayout> | null;
    return { order: strings(raw?.order), hidden: strings(raw?.hidden) };
  } catch {
    return EMPTY_LAYOUT;
  }
}

export function saveHomeLayout(userId: string, layout: HomeLayout | null): void {
  if (layout) localStorage.setItem(keyOf(userId), JSON.stringify(layout));
  else localStorage.removeItem(keyOf(userId));
  window.dispatchEvent(new Event(EVENT));
}

/** `defaults` in the user's order: known keys first as saved, the rest after in their default order. */
export function arrange(defaults: string[], layout: HomeLayout): string[] {
  const rank = new Map(layout.order.map((k, i) => [k, i]));
  const known = defaults.filter((k) => rank.has(k)).sort((a, b) => rank.get(a)! - rank.get(b)!);
  return [...known, ...defaults.filter((k) => !rank.has(k))];
}

/** Moves `key` to where `target` is among the visible keys (`ordered`, already arranged); returns the new order. */
export function moveTo(ordered: string[], key: string, target: string): string[] {
  const from = ordered.indexOf(key);
  const to = ordered.indexOf(target);
  if (from < 0 || to < 0 || from === to) return ordered;
  const next = ordered.filter((k) => k !== key);
  next.splice(to, 0, key);
  return next;
}

/** The layout of `userId`, following saves in this tab or another. */
export function useHomeLayout(userId: string | undefined) {
  const [layout, setLayout] = useState(() => readHomeLayout(userId));
  useEffect(() => {
    const sync = () => setLayout(readHomeLayout(userId));
    sync();
    window.addEventListener(EVENT, sync);
    window.addEventListener('storage', sync);
    return () => {
      window.removeEventListener(EVENT, sync);
      window.removeEventListener('storage', sync);
    };
  }, [userId]);
  const save = useCallback(
    (next: HomeLayout | null) => {
      if (userId) saveHomeLayout(userId, next);
      else setLayout(next ?? EMPTY_LAYOUT);
    },
    [userId],
  );
  return [layout, save] as const;
}
