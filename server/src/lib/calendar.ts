import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * What the calendar (modules/calendar) reads of the modules whose records have dates (tasks, projects): each
 * service implements DatedItemSource over its own table, and app.ts hands them to the calendar service, so the
 * calendar never reads another module's tables.
 */
export interface DatedRange {
  /** The range [from, to). */
  from: Date;
  to: Date;
  /** Only this status (task status, project stage). */
  status?: string;
  /** A case-insensitive substring of the title. */
  search?: string;
  /** At most this many rows (the earliest first). */
  limit: number;
}

/** A record with dates as the calendar shows it. */
export interface DatedRow {
  id: string;
  title: string;
  description: string | null;
  status: string;
  startDate: Date | null;
  dueDate: Date | null;
  isAllDay: boolean;
  projectId: string | null;
}

export interface DatedItemSource {
  inDateRange(businessId: string, range: DatedRange): Promise<DatedRow[]>;
}

/**
 * The one overlap rule of dated records (tasks, projects) with a range [from, to): the record spans from its start
 * (or its due date when it has none) to its due date (or its start); an all-day record's last day counts whole
 * (its end is that UTC day's midnight, so +1 day). Records without any date never match.
 */
export function datedOverlapSql(start: AnyColumn, due: AnyColumn, isAllDay: AnyColumn, from: Date, to: Date): SQL {
  const end = sql`coalesce(${due}, ${start})`;
  const fromAt = sql`${from.toISOString()}::timestamptz`;
  return sql`(coalesce(${start}, ${due}) < ${to.toISOString()}::timestamptz
    AND CASE WHEN ${isAllDay} THEN ${end} + interval '1 day' > ${fromAt} ELSE ${end} >= ${fromAt} END)`;
}
