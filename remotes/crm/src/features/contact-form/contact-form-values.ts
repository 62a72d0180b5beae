import { emailError } from '@atrium/contracts';
import { shownContactStatus, type Contact, type ContactInput } from '@atrium/domain-crm';

/** The form keeps every field as text (inputs are uncontrolled strings); the schema normalises blanks. */
export interface ContactFormValues {
  firstName: string;
  lastName: string;
  email: string;
  phoneCode: string;
  phoneNumber: string;
  status: string;
  groupIds: string[];
  tags: string[];
  lastContact: string;
  business: string;
  industry: string;
  specialities: string;
  foundDate: string;
  address: string;
  address2: string;
  country: string;
  state: string;
  city: string;
  zipCode: string;
  blog: string;
  x: string;
  facebook: string;
  instagram: string;
  linkedin: string;
  youtube: string;
  tiktok: string;
  other: string;
  /** Not in the modal (docs/requirements.md §2) but part of the contact: carried so that a save keeps them. */
  jobTitle: string;
  notes: string;
}

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '');

/** New contacts default to Active; any other status found when a contact is opened is reset to Active. */
export function toFormValues(c?: Contact | null): ContactFormValues {
  const status = shownContactStatus(c?.status);
  return {
    firstName: c?.firstName ?? '',
    lastName: c?.lastName ?? '',
    email: c?.email ?? '',
    // +1 for a new number; a stored number without a code keeps having none.
    phoneCode: c?.phoneCode ?? (c?.phoneNumber ? '' : '+1'),
    phoneNumber: c?.phoneNumber ?? '',
    status,
    groupIds: c?.groupIds ? [...c.groupIds] : [],
    tags: c?.tags ? [...c.tags] : [],
    lastContact: day(c?.lastContact ?? null),
    business: c?.business ?? '',
    industry: c?.industry ?? '',
    specialities: c?.specialities ?? '',
    foundDate: day(c?.foundDate ?? null),
    address: c?.address ?? '',
    address2: c?.address2 ?? '',
    country: c?.country ?? '',
    state: c?.state ?? '',
    city: c?.city ?? '',
    zipCode: c?.zipCode ?? '',
    blog: c?.blog ?? '',
    x: c?.x ?? '',
    facebook: c?.facebook ?? '',
    instagram: c?.instagram ?? '',
    linkedin: c?.linkedin ?? '',
    youtube: c?.youtube ?? '',
    tiktok: c?.tiktok ?? '',
    other: c?.other ?? '',
    jobTitle: c?.jobTitle ?? '',
    notes: c?.notes ?? '',
  };
}

/** What is sent: the phone code only travels with a number. */
export function toInput(v: ContactFormValues): ContactInput {
  return { ...v, status: v.status as ContactInput['status'], phoneCode: v.phoneNumber.trim() ? v.phoneCode : null };
}

/**
 * docs/requirements.md §4: create is enabled when first name and email are non-empty and the email is valid;
 * edit also needs the form to differ from the original.
 */
export function canSubmit(v: ContactFormValues, mode: 'create' | 'edit', dirty: boolean): boolean {
  const basics = v.firstName.trim().length > 0 && v.email.trim().length > 0 && emailError(v.email) === null;
  return mode === 'create' ? basics : basics && dirty;
}
