/**
 * Input of `renderDocumentPdf(model)`: everything the PDF shows, already resolved and formatted.
 *
 * The documents service maps a stored document (merge tags resolved, HTML sanitised, money computed in
 * integer minor units) to this model. The renderer does no money maths and no lookups: every amount is a
 * preformatted string ('€1,234.50'), every date a display string ('27 Nov 2026').
 *
 * Entry point (./index.ts): `renderDocumentPdf(model: PdfDocumentModel): Promise<Uint8Array>`.
 */

export type PdfPageSize = 'A4' | 'LETTER';

/** Logo: raw image bytes (PNG or JPEG) or a data URL ('data:image/png;base64,…'). A bad logo is skipped. */
export type PdfImage = Uint8Array | string;

export interface PdfBusiness {
  name: string;
  /** Postal address and contact lines, one per line, shown under the name. */
  addressLines?: string[];
  logo?: PdfImage | null;
  /** Brand colour as '#rrggbb' (or '#rgb'); an invalid value falls back to the default. */
  brandColor?: string | null;
}

export type PdfDocumentType = 'invoice' | 'contract' | 'questionnaire';

export interface PdfHeader {
  /** Big title, e.g. 'Invoice' or the document's own title. */
  title: string;
  type: PdfDocumentType;
  /** Document number, e.g. 'INV-0042'. */
  number?: string | null;
  /** Labelled dates, in display order: [{ label: 'Issued', value: '27 Nov 2026' }, { label: 'Due', … }]. */
  dates?: PdfLabelValue[];
  /** Status shown as a label, e.g. 'Draft', 'Paid'. */
  status?: string | null;
}

export interface PdfLabelValue {
  label: string;
  value: string;
}

export interface PdfParty {
  /** Heading above the party, e.g. 'From', 'Bill to', 'Client'. */
  label: string;
  name: string;
  lines?: string[];
}

// ---- rich text -------------------------------------------------------------------------------------------

/** One span of text with one set of marks. */
export interface PdfRun {
  text: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strike?: boolean;
  /** Link target; the text is shown as a link (coloured + underlined) and clickable. */
  href?: string;
}

/** One line-level block of rich text (what `htmlToBlocks` produces from the tiptap HTML subset). */
export type PdfTextBlock =
  | { kind: 'paragraph'; runs: PdfRun[] }
  | { kind: 'heading'; level: 1 | 2 | 3; runs: PdfRun[] }
  | {
      kind: 'listItem';
      ordered: boolean;
      /** 1-based number for ordered lists */ index: number;
      depth: number;
      runs: PdfRun[];
    }
  | { kind: 'quote'; runs: PdfRun[] };

/** Rich text: either the sanitised HTML tiptap produced, or already-converted blocks. */
export type PdfRichText = { html: string } | { blocks: PdfTextBlock[] };

// ---- document blocks -------------------------------------------------------------------------------------

export interface PdfLineItem {
  description: string;
  quantity: string;
  unitPrice: string;
  /** e.g. '10%' or '€5.00'; empty/undefined shows nothing. */
  discount?: string;
  /** e.g. 'VAT 20%'; empty/undefined shows nothing. */
  tax?: string;
  amount: string;
}

export interface PdfTotalRow {
  label: string;
  value: string;
  /** The grand total / amount due: bold, brand colour rule above. */
  emphasis?: boolean;
}

export interface PdfPaymentInstalment {
  label: string;
  dueDate: string;
  amount: string;
  status?: string;
}

export interface PdfSignatureLine {
  /** e.g. 'Business owner', 'Client'. */
  role: string;
  name?: string | null;
  /** Signed date, if any. */
  date?: string | null;
  /** Signature image (PNG/JPEG bytes or data URL), for the signatures issue; a bad image is skipped. */
  image?: PdfImage | null;
  /** A typed signature (when there is no image): drawn in a handwriting face (fonts.ts SIGNATURE_FONT). */
  typed?: string | null;
}

export type PdfBlock =
  | { type: 'heading'; text: string; level?: 1 | 2 | 3 }
  | { type: 'richText'; content: PdfRichText }
  /** `number`: '1', '1.' or '2.3' — shown as '1. Title' (a final '.' or ')' is kept, not doubled). */
  | { type: 'clause'; title: string; content: PdfRichText; number?: string }
  | { type: 'question'; question: string; answer: string | string[] | null; required?: boolean; number?: string }
  | { type: 'lineItems'; items: PdfLineItem[]; showDiscount?: boolean; showTax?: boolean; currency?: string }
  | { type: 'totals'; rows: PdfTotalRow[] }
  | { type: 'paymentSchedule'; title?: string; instalments: PdfPaymentInstalment[] }
  | { type: 'notes'; title?: string; content: PdfRichText | string }
  | { type: 'signatures'; lines: PdfSignatureLine[] }
  | { type: 'pageBreak' };

export interface PdfDocumentModel {
  pageSize?: PdfPageSize;
  /** BCP-47 language of the document (PDF /Lang), e.g. 'en'. */
  language?: string;
  business: PdfBusiness;
  header: PdfHeader;
  /** Usually two: from and to. */
  parties?: PdfParty[];
  blocks: PdfBlock[];
  /** Labels for the table and footer, so a translated document can pass its own. Defaults are English. */
  labels?: Partial<PdfLabels>;
}

export interface PdfLabels {
  description: string;
  quantity: string;
  unitPrice: string;
  discount: string;
  tax: string;
  amount: string;
  paymentSchedule: string;
  notes: string;
  noAnswer: string;
  signature: string;
  date: string;
  /** Footer; {n} and {m} are replaced: 'Page {n} of {m}'. */
  page: string;
}

export const DEFAULT_PDF_LABELS: PdfLabels = {
  description: 'Description',
  quantity: 'Qty',
  unitPrice: 'Unit price',
  discount: 'Discount',
  tax: 'Tax',
  amount: 'Amount',
  paymentSchedule: 'Payment schedule',
  notes: 'Notes',
  noAnswer: 'No answer',
  signature: 'Signature',
  date: 'Date',
  page: 'Page {n} of {m}',
};
