import type { GoogleEvent } from './google-api';

/** The meeting fields a Google event carries, both ways. */
export interface MeetingEventFields {
  title: string;
  description: string | null;
  location: string | null;
  startAt: Date;
  endAt: Date;
  isAllDay: boolean;
}

/** A guest of a Google event: an address and the name Google shows (the calendar's owner and rooms left out). */
export interface EventGuest {
  email: string;
  name: string | null;
}

/** Who a meeting sends to Google as guests: its attendees that have an address. */
export interface OutboundAttendee {
  email: string | null;
  name: string | null;
}

/** What a Google event says, read for a meeting (null for an event without usable dates, e.g. a cancelled stub). */
export interface ReadEvent extends MeetingEventFields {
  guests: EventGuest[];
  meetingLink: string | null;
  htmlLink: string | null;
  etag: string | null;
  updated: Date | null;
}

/** The private extended properties that mark an event Atrium wrote (so the inbound sync recognises it). */
export const MEETING_ID_PROPERTY = 'atriumMeetingId';
export const BUSINESS_ID_PROPERTY = 'atriumBusinessId';

export const UNTITLED_EVENT = '(No title)';
const TITLE_MAX = 300;

const DAY_MS = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The Google event id Atrium gives a meeting's event: derived from the meeting id (base32hex: 0-9 and a-v), so a
 * second insert of the same meeting — a retry after a lost answer, two processes at once — answers 409 instead of
 * making a duplicate.
 */
export function eventIdFor(meetingId: string): string {
  const compact = meetingId.toLowerCase().replace(/-/g, '');
  const hex = /^[0-9a-f]+$/.test(compact) ? compact : Buffer.from(meetingId, 'utf8').toString('hex');
  return `atrium${hex}`;
}

/**
 * A meeting as a Google event. An all-day meeting's endDate is its last day (inclusive); Google's end.date is the day
 * after (exclusive). `attendees`, when given, become the event's guests (those with an address; every write says
 * sendUpdates=none, so Google e-mails no one); left out, the event's guests are not touched.
 */
export function toGoogleEvent(
  meeting: MeetingEventFields & { id: string; businessId: string },
  options: { withMarker: boolean; attendees?: readonly OutboundAttendee[] },
): GoogleEvent {
  const event: GoogleEvent = {
    summary: meeting.title,
    description: meeting.description ?? '',
    location: meeting.location ?? '',
    status: 'confirmed',
    start: meeting.isAllDay ? { date: isoDay(meeting.startAt) } : { dateTime: meeting.startAt.toISOString() },
    end: meeting.isAllDay
      ? { date: isoDay(new Date(meeting.endAt.getTime() + DAY_MS)) }
      : { dateTime: meeting.endAt.toISOString() },
  };
  if (meeting.isAllDay) {
    // A patch from a timed event to an all-day one must clear the other form.
    event.start!.dateTime = null as never;
    event.end!.dateTime = null as never;
  } else {
    event.start!.date = null as never;
    event.end!.date = null as never;
  }
  if (options.attendees) {
    const seen = new Set<string>();
    event.attendees = [];
    for (const a of options.attendees) {
      const email = a.email?.trim().toLowerCase();
      if (!email || seen.has(email)) continue;
      seen.add(email);
      event.attendees.push(a.name ? { email, displayName: a.name } : { email });
    }
  }
  if (options.withMarker) {
    event.extendedProperties = {
      private: { [MEETING_ID_PROPERTY]: meeting.id, [BUSINESS_ID_PROPERTY]: meeting.businessId },
    };
  }
  return event;
}

function instant(value: { date?: string | null; dateTime?: string | null } | undefined): {
  at: Date;
  allDay: boolean;
} | null {
  if (value?.dateTime) {
    const at = new Date(value.dateTime);
    return Number.isNaN(at.getTime()) ? null : { at, allDay: false };
  }
  if (value?.date) {
    const at = new Date(`${value.date}T00:00:00.000Z`);
    return Number.isNaN(at.getTime()) ? null : { at, allDay: true };
  }
  return null;
}

const text = (v: string | null | undefined, max: number) => (v && v.trim() !== '' ? v.slice(0, max) : null);

/** A Google event read as meeting fields; null when it has no usable start and end. */
export function fromGoogleEvent(event: GoogleEvent): ReadEvent | null {
  const start = instant(event.start);
  const end = instant(event.end);
  if (!start || !end) return null;
  const isAllDay = start.allDay;
  let endAt = end.at;
  // Google's all-day end is exclusive: the meeting keeps its last day.
  if (isAllDay) endAt = new Date(Math.max(start.at.getTime(), end.at.getTime() - DAY_MS));
  if (endAt.getTime() < start.at.getTime()) endAt = start.at;
  const updated = event.updated ? new Date(event.updated) : null;
  return {
    guests: guestsOf(event),
    title: text(event.summary, TITLE_MAX) ?? UNTITLED_EVENT,
    description: text(event.description, 20_000),
    location: text(event.location, 500),
    startAt: start.at,
    endAt,
    isAllDay,
    meetingLink: text(event.hangoutLink, 2000),
    htmlLink: event.htmlLink ?? null,
    etag: event.etag ?? null,
    updated: updated && !Number.isNaN(updated.getTime()) ? updated : null,
  };
}

/**
 * The event's guests, by lower-cased address, once each: the calendar's owner (`self`, the meeting's organizer
 * already) and resources (rooms) are left out.
 */
export function guestsOf(event: GoogleEvent): EventGuest[] {
  const out = new Map<string, EventGuest>();
  for (const a of event.attendees ?? []) {
    const email = a.email?.trim().toLowerCase();
    if (!email || a.self || a.resource || out.has(email)) continue;
    out.set(email, { email, name: text(a.displayName, 200) });
  }
  return [...out.values()];
}

/** The Atrium meeting an event was written for, when it carries our marker. */
export function markerOf(event: GoogleEvent): { meetingId: string; businessId: string | null } | null {
  const props = event.extendedProperties?.private;
  const meetingId = props?.[MEETING_ID_PROPERTY];
  if (!meetingId) return null;
  return { meetingId, businessId: props?.[BUSINESS_ID_PROPERTY] ?? null };
}
