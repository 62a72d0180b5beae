import {
  DOCUMENT_STATUS_LABELS,
  DOCUMENT_TYPE_LABELS,
  formatMoney,
  formatRate,
  type Document,
  type DocumentBlock,
} from '@atrium/domain-documents/schemas';
import type { PdfBlock, PdfDocumentModel, PdfLineItem, PdfParty, PdfTotalRow } from './pdf/model';

/** What the PDF shows besides the document: who sends it. */
export interface PdfSender {
  name: string;
  brandColor?: string | null;
  /** PNG or JPEG bytes (another format is skipped by the renderer). */
  logo?: Uint8Array | null;
}

const dateText = (iso: string | null) =>
  iso
    ? new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(iso),
      )
    : null;

function blockToPdf(block: DocumentBlock, questionNo: { n: number }, clauseNo: { n: number }): PdfBlock | null {
  switch (block.type) {
    case 'richText':
      return { type: 'richText', content: { html: block.html } };
    case 'heading':
      return { type: 'heading', text: block.text, level: block.level };
    case 'clause':
      clauseNo.n += 1;
      return { type: 'clause', title: block.title, content: { html: block.html }, number: `${clauseNo.n}.` };
    case 'question':
      questionNo.n += 1;
      return {
        type: 'question',
        question: block.label,
        answer: null,
        required: block.required,
        number: `${questionNo.n}.`,
      };
    case 'pageBreak':
      return { type: 'pageBreak' };
    case 'divider':
      return null;
    default:
      return null;
  }
}

/**
 * A document (merge tags already resolved, HTML sanitised, totals computed by the server) → the PDF renderer's
 * model: every amount a preformatted string in the document's currency, every date a display string.
 */
export function documentPdfModel(doc: Document, sender: PdfSender): PdfDocumentModel {
  const questionNo = { n: 0 };
  const clauseNo = { n: 0 };
  const blocks: PdfBlock[] = doc.blocks
    .map((b) => blockToPdf(b, questionNo, clauseNo))
    .filter((b): b is PdfBlock => b !== null);

  const dates = [
    { label: 'Issued', value: dateText(doc.sentAt ?? doc.createdAt) },
    { label: 'Due', value: doc.type === 'invoice' ? dateText(doc.dueDate) : null },
    { label: 'Expires', value: dateText(doc.expiresAt) },
  ].filter((d): d is { label: string; value: string } => d.value !== null);

  if (doc.type === 'invoice') {
    const currency = doc.currency ?? 'USD';
    const money = (minor: number) => formatMoney(minor, currency);
    const rates = new Map((doc.totals?.taxes ?? []).map((t) => [t.taxRateId, t]));
    const items: PdfLineItem[] = doc.lineItems.map((line) => {
      const rate = line.taxRateId ? rates.get(line.taxRateId) : undefined;
      return {
        description: line.description,
        quantity: line.quantity,
        unitPrice: money(line.unitPrice),
        discount: line.discount
          ? line.discount.kind === 'percent'
            ? formatRate(line.discount.value)
            : money(line.discount.value)
          : undefined,
        tax: rate ? `${rate.name} ${formatRate(rate.rate)}` : undefined,
        amount: money(line.amount),
      };
    });
    blocks.push({
      type: 'lineItems',
      items,
      showDiscount: items.some((i) => i.discount),
      showTax: items.some((i) => i.tax),
      currency,
    });
    const t = doc.totals;
    if (t) {
      const rows: PdfTotalRow[] = [{ label: 'Subtotal', value: money(t.subtotal) }];
      if (t.discount) rows.push({ label: 'Discount', value: `-${money(t.discount)}` });
      for (const tax of t.taxes)
        rows.push({ label: `${tax.name} (${formatRate(tax.rate)})`, value: money(tax.amount) });
      rows.push({ label: 'Total', value: money(t.total), emphasis: true });
      blocks.push({ type: 'totals', rows });
      if (doc.paymentSchedule && t.deposit > 0) {
        blocks.push({
          type: 'paymentSchedule',
          instalments: [
            { label: 'Deposit', dueDate: dateText(doc.sentAt ?? doc.createdAt) ?? '', amount: money(t.deposit) },
            { label: 'Balance', dueDate: dateText(doc.dueDate) ?? '', amount: money(t.balance) },
          ],
        });
      }
    }
    if (doc.notes) blocks.push({ type: 'notes', content: doc.notes });
  }
  if (doc.type === 'contract') {
    const roleLabel = { owner: 'Business owner', client: 'Client' } as const;
    const signers = doc.signers.length
      ? doc.signers
      : [
          { role: 'owner' as const, name: sender.name, email: '' },
          { role: 'client' as const, name: doc.contact?.name ?? '', email: '' },
        ];
    blocks.push({
      type: 'signatures',
      lines: signers.map((s) => ({ role: roleLabel[s.role], name: s.name || null })),
    });
  }

  const parties: PdfParty[] = [{ label: 'From', name: sender.name }];
  if (doc.contact) {
    parties.push({
      label: doc.type === 'invoice' ? 'Bill to' : 'Client',
      name: doc.contact.name,
      lines: doc.contact.email ? [doc.contact.email] : [],
    });
  }

  return {
    language: 'en',
    business: { name: sender.name, brandColor: sender.brandColor ?? null, logo: sender.logo ?? null },
    header: {
      title: doc.title || DOCUMENT_TYPE_LABELS[doc.type],
      type: doc.type,
      number: doc.number,
      dates,
      status: DOCUMENT_STATUS_LABELS[doc.status],
    },
    parties,
    blocks,
  };
}
