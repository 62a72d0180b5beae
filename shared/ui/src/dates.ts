/**
 * Dates as the apps show them ('Nov 20, 2026'; '—' for none, 'Invalid date' for garbage). Last contact and found date are calendar days (a date input's day, stored
 * as UTC midnight): shown as that day wherever the viewer is — read in the viewer's zone, west of UTC, they showed
 * the day before. Date created is an instant, shown in the viewer's zone.
 */
export function dateFormatters(viewerZone?: string) {
  const parts = { year: 'numeric', month: 'short', day: 'numeric' } as const;
  const day = new Intl.DateTimeFormat(undefined, { ...parts, timeZone: 'UTC' });
  const instant = new Intl.DateTimeFormat(undefined, { ...parts, timeZone: viewerZone });
  const format = (fmt: Intl.DateTimeFormat, iso: string | null, empty: string) => {
    if (!iso) return empty;
    const d = new Date(iso);
    return Number.isNaN(d.getTime()) ? 'Invalid date' : fmt.format(d);
  };
  const dayRange = new Intl.DateTimeFormat(undefined, { ...parts, timeZone: 'UTC' });
  const timeRange = new Intl.DateTimeFormat(undefined, {
    ...parts,
    hour: 'numeric',
    minute: '2-digit',
    timeZone: viewerZone,
  });
  return {
    /** A calendar day (lastContact, foundDate). */
    formatDay: (iso: string | null, empty = '—') => format(day, iso, empty),
    /** An instant (dateCreated), in the viewer's time zone. */
    formatInstant: (iso: string | null, empty = '—') => format(instant, iso, empty),
    /**
     * When something lasts (a meeting, a calendar item): all-day as calendar days, the end the last day inclusive
     * ('Nov 20, 2026', 'Nov 20 – 22, 2026'); timed as day and hours in the viewer's zone ('Nov 20, 2026, 10:00 –
     * 11:30 AM'). An end before the start, or none, shows the start alone.
     */
    formatPeriod: (start: string, end: string | null, allDay: boolean) => {
      const from = new Date(start);
      if (Number.isNaN(from.getTime())) return 'Invalid date';
      const to = end ? new Date(end) : from;
      const fmt = allDay ? dayRange : timeRange;
      if (Number.isNaN(to.getTime()) || to.getTime() <= from.getTime()) return fmt.format(from);
      return fmt.formatRange(from, to);
    },
  };
}

export const { formatDay, formatInstant, formatPeriod } = dateFormatters();
