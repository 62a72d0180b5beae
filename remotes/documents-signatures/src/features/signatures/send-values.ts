import {
  SIGNATURE_LIMITS,
  SIGNATURE_MESSAGES,
  workflowCreateSchema,
  type Document,
  type SignerRole,
  type SigningOrder,
  type WorkflowCreateInput,
} from '@atrium/domain-documents';

/** One signer row of the send form; `key` keeps React rows stable while they move. */
export interface SignerRow {
  key: string;
  role: SignerRole;
  name: string;
  email: string;
  contactId: string | null;
}

export interface SendValues {
  signers: SignerRow[];
  signingOrder: SigningOrder;
  /** A calendar day (yyyy-mm-dd) in the viewer's zone: the links work until the end of it. */
  expiresOn: string;
  reminderIntervalDays: number;
  message: string;
}

let seq = 0;
export const newRow = (role: SignerRole, over: Partial<Omit<SignerRow, 'key' | 'role'>> = {}): SignerRow => ({
  key: `s${++seq}`,
  role,
  name: '',
  email: '',
  contactId: null,
  ...over,
});

/** yyyy-mm-dd of a local date. */
export function dayOf(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** The end of a local calendar day as an ISO instant; null when the text is not a day. */
export function endOfDayIso(day: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 23, 59, 59);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/**
 * The form's first values from the contract: its client signer (else its contact) first, then its business owner
 * signer — the order the server uses by default; the contract's expiry when it has one, else the default days.
 */
export function initialSendValues(
  doc: Pick<Document, 'signers' | 'contact' | 'expiresAt'> & { contactId?: string | null },
  now = new Date(),
): SendValues {
  const client = doc.signers.find((s) => s.role === 'client');
  const owner = doc.signers.find((s) => s.role === 'owner');
  const clientRow = newRow('client', {
    name: client?.name || doc.contact?.name || '',
    email: client?.email || doc.contact?.email || '',
    contactId: doc.contactId ?? doc.contact?._id ?? null,
  });
  const ownerRow = newRow('owner', { name: owner?.name ?? '', email: owner?.email ?? '' });
  const fallback = new Date(now.getTime() + SIGNATURE_LIMITS.defaultExpiryDays * 86_400_000);
  const docExpiry = doc.expiresAt ? new Date(doc.expiresAt) : null;
  return {
    signers: [clientRow, ownerRow],
    signingOrder: 'sequential',
    expiresOn: dayOf(docExpiry && docExpiry.getTime() > now.getTime() ? docExpiry : fallback),
    reminderIntervalDays: SIGNATURE_LIMITS.defaultReminderDays,
    message: '',
  };
}

/** The body of POST /signatures/workflows for these values. */
export function toCreateInput(documentId: string, v: SendValues): WorkflowCreateInput {
  return {
    documentId,
    signingOrder: v.signingOrder,
    signers: v.signers.map((s) => ({
      role: s.role,
      name: s.name,
      email: s.email,
      ...(s.contactId ? { contactId: s.contactId } : {}),
    })),
    expiresAt: endOfDayIso(v.expiresOn),
    reminderIntervalDays: v.reminderIntervalDays,
    message: v.message,
  };
}

/**
 * The slice's schema over the body, as field messages keyed like the server's details (`signers.0.email`,
 * `signers`, `reminderIntervalDays`…); empty when it passes. An empty signer list is refused here too (the server
 * would fall back to the contract's signers, which the form already shows).
 */
export function sendErrors(input: WorkflowCreateInput): Record<string, string> {
  const out: Record<string, string> = {};
  const r = workflowCreateSchema.safeParse(input);
  if (!r.success)
    for (const issue of r.error.issues) {
      const key = issue.path.join('.');
      out[key] ??= issue.message;
    }
  if (!input.signers?.length) out.signers ??= SIGNATURE_MESSAGES.signersRequired;
  if (input.expiresAt === null) out.expiresAt ??= 'Choose the day the signing links expire';
  return out;
}

/** Moves row i by delta (−1 up, +1 down) when it stays inside the list. */
export function moveRow<T>(rows: T[], i: number, delta: number): T[] {
  const j = i + delta;
  if (j < 0 || j >= rows.length) return rows;
  const next = [...rows];
  [next[i], next[j]] = [next[j] as T, next[i] as T];
  return next;
}
