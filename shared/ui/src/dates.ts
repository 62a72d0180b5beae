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
  return {
    /** A calendar day (lastContact, foundDate). */
    formatDay: (iso: string | null, empty = '—') => format(day, iso, empty),
    /** An instant (dateCreated), in the viewer's time zone. */
    formatInstant: (iso: string | null, empty = '—') => format(instant, iso, empty),
  };
}

export const { formatDay, formatInstant } = dateFormatters();
