import type { Project, ProjectInput, ProjectStage } from '@atrium/domain-work';

/** The form's fields: the wire input's, with dates as the date inputs hold them. */
export interface ProjectFormValues {
  title: string;
  type: string;
  stage: ProjectStage;
  /** 'YYYY-MM-DD' when all day, else 'YYYY-MM-DDTHH:mm' (local time); '' for none. */
  startDate: string;
  dueDate: string;
  isAllDay: boolean;
  description: string;
  location: string;
  address: { line1: string; line2: string; country: string; state: string; city: string; zip: string };
  contacts: string[];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A stored date as the input shows it: the day for all-day values, local date and time otherwise. */
export function toInputDate(iso: string | null | undefined, allDay: boolean): string {
  if (!iso) return '';
  if (allDay) return /^\d{4}-\d{2}-\d{2}/.test(iso) ? iso.slice(0, 10) : '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** What the server gets: a day stays a day; a local date and time becomes an instant (ISO with offset). */
export function fromInputDate(v: string, allDay: boolean): string | null {
  const s = v.trim();
  if (!s) return null;
  if (allDay) return s.slice(0, 10);
  const d = new Date(s);
  return Number.isNaN(d.getTime()) ? s : d.toISOString();
}

export function toFormValues(p?: Project | null, over: Partial<ProjectFormValues> = {}): ProjectFormValues {
  const allDay = p?.isAllDay ?? true;
  return {
    title: p?.title ?? '',
    type: p?.type ?? '',
    stage: p?.stage ?? 'planning',
    startDate: toInputDate(p?.startDate, allDay),
    dueDate: toInputDate(p?.dueDate, allDay),
    isAllDay: allDay,
    description: p?.description ?? '',
    location: p?.location ?? '',
    address: {
      line1: p?.address?.line1 ?? '',
      line2: p?.address?.line2 ?? '',
      country: p?.address?.country ?? '',
      state: p?.address?.state ?? '',
      city: p?.address?.city ?? '',
      zip: p?.address?.zip ?? '',
    },
    contacts: p?.contacts ?? [],
    ...over,
  };
}

/** The body of POST /projects and PATCH /projects/{id}: blanks become null, an empty address none. */
export function toInput(v: ProjectFormValues): ProjectInput {
  const a = v.address;
  const hasAddress = Object.values(a).some((x) => x.trim());
  return {
    title: v.title.trim(),
    type: v.type.trim(),
    stage: v.stage,
    startDate: fromInputDate(v.startDate, v.isAllDay),
    dueDate: fromInputDate(v.dueDate, v.isAllDay),
    isAllDay: v.isAllDay,
    description: v.description.trim() || null,
    location: v.location.trim() || null,
    address: hasAddress
      ? {
          line1: a.line1.trim() || null,
          line2: a.line2.trim() || null,
          country: a.country.trim() || null,
          state: a.state.trim() || null,
          city: a.city.trim() || null,
          zip: a.zip.trim() || null,
        }
      : null,
    contacts: v.contacts,
  };
}

/** AddressFields names its inputs after the contact's fields; the project's address keys, by those names. */
export const ADDRESS_KEYS = {
  address: 'line1',
  address2: 'line2',
  country: 'country',
  state: 'state',
  city: 'city',
  zipCode: 'zip',
} as const;
