/** Evidence needs the time of day, in the viewer's zone: 'Nov 27, 2026, 3:15:04 PM'. */
const at = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

export function formatAt(iso: string | null): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : at.format(d);
}
