import { proxy } from 'valtio';

/**
 * The product tour's memory (docs/requirements.md, "Product tour"): the users module has no preference store, so
 * whether a user has seen the tour lives in localStorage, keyed by the user's id (`atrium.tour.<userId>` =
 * 'skipped' | 'finished'). `atrium.tour.autostart` = 'off' keeps the tour from starting by itself in this browser
 * (the e2e suite's default storage state); the user menu's 'Product tour' starts it in any case.
 */
export const TOUR_AUTOSTART_KEY = 'atrium.tour.autostart';
export const tourKey = (userId: string) => `atrium.tour.${userId}`;

export const tourState = proxy({ open: false });

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function tourSeen(userId: string): boolean {
  return storage()?.getItem(tourKey(userId)) != null;
}

export function markTourSeen(userId: string, how: 'skipped' | 'finished') {
  storage()?.setItem(tourKey(userId), how);
}

export function tourAutostartOff(): boolean {
  return storage()?.getItem(TOUR_AUTOSTART_KEY) === 'off';
}

export function startTour() {
  tourState.open = true;
}

export function closeTour() {
  tourState.open = false;
}
