import {
  TotalsError,
  checkTypedContent,
  computeInvoiceTotals,
  currencyDigits,
  documentUpdateSchema,
  parseMoney,
  type Document,
  type DocumentBlock,
  type DocumentType,
  type DocumentUpdate,
  type InvoiceTotals,
  type Signer,
  type TaxRate,
} from '@atrium/domain-documents';
import { withoutBlankOptions, type FieldErrors } from '../../lib/blocks';

export { newId, type FieldErrors } from '../../lib/blocks';

/** An invoice line as the editor holds it: amounts as typed, in major units ('12.50') and percent ('10'). */
export interface LineRow {
  id: string;
  description: string;
  quantity: string;
  price: string;
  discountKind: 'percent' | 'amount';
  discount: string;
  taxRateId: string | null;
}

export type DepositKind = 'none' | 'deposit_percent' | 'deposit_amount';

/** What the editor's fields hold; `toUpdate` turns it into the PUT body. */
export interface Draft {
  title: string;
  contactId: string | null;
  projectId: string | null;
  blocks: DocumentBlock[];
  currency: string;
  dueDate: string | null;
  notes: string;
  lineItems: LineRow[];
  deposit: { kind: DepositKind; value: string };
  signers: Signer[];
  expiresAt: string | null;
}

/** Minor units → the major-unit text a field shows (1250, USD → '12.50'). */
export function moneyText(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  const abs = String(Math.abs(minor)).padStart(digits + 1, '0');
  const text = digits ? `${abs.slice(0, -digits)}.${abs.slice(-digits)}` : abs;
  return minor < 0 ? `-${text}` : text;
}

/** Basis points → percent text (1050 → '10.5'). */
export const percentText = (bp: number) => String(bp / 100);

/** Percent text → basis points ('7.25' → 725); null when it is not a number with up to 2 decimals. */
export function parsePercent(text: string): number | null {
  const m = /^(-?)(\d{1,3})(?:\.(\d{0,2}))?$/.exec(text.trim());
  if (!m) return null;
  const bp = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0') || '0');
  return m[1] ? -bp : bp;
}

export function draftOf(doc: Document): Draft {
  const currency = doc.currency ?? 'USD';
  return {
    title: doc.title,
    contactId: doc.contactId,
    projectId: doc.projectId,
    blocks: doc.blocks,
    currency,
    dueDate: doc.dueDate ? doc.dueDate.slice(0, 10) : null,
    notes: doc.notes ?? '',
    lineItems: doc.lineItems.map((l) => ({
      id: l.id,
      description: l.description,
      quantity: l.quantity,
      price: moneyText(l.unitPrice, currency),
      discountKind: l.discount?.kind ?? 'percent',
      discount: l.discount
        ? l.discount.kind === 'percent'
          ? percentText(l.discount.value)
          : moneyText(l.discount.value, currency)
        : '',
      taxRateId: l.taxRateId,
    })),
    deposit: doc.paymentSchedule
      ? {
          kind: doc.paymentSchedule.kind,
          value:
            doc.paymentSchedule.kind === 'deposit_percent'
              ? percentText(doc.paymentSchedule.value)
              : moneyText(doc.paymentSchedule.value, currency),
        }
      : { kind: 'none', value: '' },
    signers: doc.signers,
    expiresAt: doc.expiresAt ? doc.expiresAt.slice(0, 10) : null,
  };
}

export const PRICE_TEXT = 'Enter an amount like 12.50';
export const PERCENT_TEXT = 'Enter a percent like 10 or 7.5';

/**
 * The PUT body for a draft of this type, checked with the slice's own schema and type rules (the same the server
 * runs), or the field errors that keep it from being sent.
 */
export function toUpdate(draft: Draft, type: DocumentType): { update: DocumentUpdate | null; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const update: DocumentUpdate = {
    title: draft.title,
    contactId: draft.contactId,
    projectId: draft.projectId,
    blocks: withoutBlankOptions(draft.blocks),
  };
  if (type === 'contract') {
    update.signers = draft.signers;
    update.expiresAt = draft.expiresAt;
  }
  if (type === 'invoice') {
    update.currency = draft.currency;
    update.dueDate = draft.dueDate;
    update.notes = draft.notes;
    update.lineItems = draft.lineItems.map((l, i) => {
      const unitPrice = parseMoney(l.price, draft.currency);
      if (unitPrice === null) errors[`lineItems.${i}.unitPrice`] = PRICE_TEXT;
      let discount: { kind: 'percent' | 'amount'; value: number } | null = null;
      if (l.discount.trim()) {
        const value = l.discountKind === 'percent' ? parsePercent(l.discount) : parseMoney(l.discount, draft.currency);
        if (value === null)
          errors[`lineItems.${i}.discount.value`] = l.discountKind === 'percent' ? PERCENT_TEXT : PRICE_TEXT;
        else discount = { kind: l.discountKind, value };
      }
      return {
        id: l.id,
        description: l.description,
        quantity: l.quantity,
        unitPrice: unitPrice ?? 0,
        discount,
        taxRateId: l.taxRateId,
      };
    });
    if (draft.deposit.kind === 'none' || !draft.deposit.value.trim()) update.paymentSchedule = null;
    else {
      const value =
        draft.deposit.kind === 'deposit_percent'
          ? parsePercent(draft.deposit.value)
          : parseMoney(draft.deposit.value, draft.currency);
      if (value === null)
        errors['paymentSchedule.value'] = draft.deposit.kind === 'deposit_percent' ? PERCENT_TEXT : PRICE_TEXT;
      else update.paymentSchedule = { kind: draft.deposit.kind, value };
    }
  }
  const checked = documentUpdateSchema.superRefine((v, ctx) => checkTypedContent(v, type, ctx)).safeParse(update);
  if (!checked.success)
    for (const issue of checked.error.issues) {
      const path = issue.path.join('.');
      errors[path] ??= issue.message;
    }
  return Object.keys(errors).length ? { update: null, errors } : { update, errors };
}

/** The invoice's live totals from what is typed (lines with a bad amount count as 0), or why they cannot be. */
export function previewTotals(
  draft: Draft,
  taxRates: readonly TaxRate[],
): { totals: InvoiceTotals | null; error: string | null } {
  const quantity = (q: string) => (/^\d{1,9}(?:\.\d{1,3})?$/.test(q.trim()) ? q.trim() : '0');
  const lines = draft.lineItems.map((l) => {
    const discount = l.discount.trim()
      ? l.discountKind === 'percent'
        ? parsePercent(l.discount)
        : parseMoney(l.discount, draft.currency)
      : null;
    return {
      quantity: quantity(l.quantity),
      unitPrice: Math.max(0, parseMoney(l.price, draft.currency) ?? 0),
      discount: discount !== null && discount >= 0 ? { kind: l.discountKind, value: discount } : null,
      taxRateId: l.taxRateId,
    };
  });
  const depositValue =
    draft.deposit.kind === 'deposit_percent'
      ? parsePercent(draft.deposit.value)
      : draft.deposit.kind === 'deposit_amount'
        ? parseMoney(draft.deposit.value, draft.currency)
        : null;
  const schedule =
    draft.deposit.kind !== 'none' && depositValue !== null && depositValue >= 0
      ? { kind: draft.deposit.kind, value: depositValue }
      : null;
  try {
    return { totals: computeInvoiceTotals(lines, taxRates, schedule), error: null };
  } catch (e) {
    if (e instanceof TotalsError) return { totals: null, error: e.message };
    throw e;
  }
}
