/**
 * Wall-clock times in a named time zone (an event's zone) ↔ instants. The browser's Intl knows every IANA zone;
 * no library is needed for these two conversions.
 */

/** The zone's offset from UTC at `instant`, in milliseconds (positive east of UTC). */
function offsetAt(instant: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * '2030-03-01T18:00' (a datetime-local value) read in `zone` → the ISO instant ('2030-03-01T17:00:00.000Z' for
 * Europe/Paris). Null for an empty or malformed value. A wall time skipped by a DST change moves forward.
 */
export function zonedWallToIso(wall: string, zone: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(wall);
  if (!m) return null;
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  const guess = Date.UTC(y, mo - 1, d, h, mi);
  let instant = guess - offsetAt(guess, zone);
  instant = guess - offsetAt(instant, zone);
  return new Date(instant).toISOString();
}

/** The viewer's own zone ('UTC' when the browser does not say). */
export function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Every zone the browser knows, for the event form's picker. */
export function allZones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  const zones = intl.supportedValuesOf?.('timeZone') ?? [];
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
}
