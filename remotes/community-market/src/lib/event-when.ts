import { dateFormatters } from '@atrium/ui';
import type { CommunityEvent } from '@atrium/domain-market';

/** 'Mar 1, 2030, 6:00 – 9:00 PM (Europe/Paris)': the event's own zone, and the viewer's when it differs. */
export function eventWhen(e: Pick<CommunityEvent, 'startsAt' | 'endsAt' | 'timeZone'>, viewerZone: string) {
  const own = `${dateFormatters(e.timeZone).formatPeriod(e.startsAt, e.endsAt, false)} (${e.timeZone})`;
  if (viewerZone === e.timeZone) return { own, local: null };
  return { own, local: `${dateFormatters(viewerZone).formatPeriod(e.startsAt, e.endsAt, false)} your time` };
}

/** 'Online', or the place. */
export const eventWhere = (e: Pick<CommunityEvent, 'mode' | 'place'>) =>
  e.mode === 'online' ? 'Online' : (e.place ?? '');

export function seatsText(e: Pick<CommunityEvent, 'capacity' | 'goingCount' | 'waitlistCount'>) {
  const going = `${e.goingCount} going`;
  if (e.capacity === null) return going;
  const left = Math.max(0, e.capacity - e.goingCount);
  const wait = e.waitlistCount ? `, ${e.waitlistCount} on the waitlist` : '';
  return `${going} of ${e.capacity} (${left === 0 ? 'full' : `${left} left`})${wait}`;
}
