import { createHash, randomBytes } from 'node:crypto';
import type * as z from 'zod';
import { makePagination, type FieldError, type Pagination } from '@atrium/contracts';
import {
  canMoveStatus,
  checkTypedContent,
  computeInvoiceTotals,
  DOCUMENT_MESSAGES as M,
  finalStatusOf,
  isEditable,
  mapBlockText,
  resolveMergeTags,
  SENT_EDITABLE_FIELDS,
  TotalsError,
  type Document,
  type DocumentBlock,
  type DocumentData,
  type DocumentLink,
  type DocumentListParamsData,
  type DocumentPreview,
  type DocumentSendAnswer,
  type DocumentStatus,
  type DocumentSummary,
  type DocumentType,
  type DocumentUpdateData,
  type LineItem,
  type MergeTagContext,
  type PublicDocument,
  type TaxRate,
  type TaxRateInput,
  type TaxRateUpdate,
  FORM_MESSAGES,
  type QuestionBlock,
} from '@atrium/domain-documents/schemas';
import { pgErrorCode, UNIQUE_VIOLATION, type Executor } from '../../db/client';
import type { BusinessCaller } from '../../lib/caller';
import type { Deps } from '../../lib/deps';
import type { DomainEvents } from '../../lib/domain-events';
import { AppError } from '../../lib/errors';
import { sanitizeNoteHtml } from '../notes/note-html';
import { documentPdfModel } from './documents.pdf-model';
import {
  effectiveStatus,
  type DocumentFields,
  type DocumentRow,
  type DocumentsRepository,
  type DocumentSummaryRow,
  type DocumentViewRow,
  type TaxRateRow,
} from './documents.repository';
import type { PdfDocumentModel } from './pdf/model';

/** What the forms module needs of a questionnaire to store its answers. */
export interface QuestionnaireForAnswer {
  businessId: string;
  documentId: string;
  contactId: string | null;
  contactName: string | null;
  contactEmail: string | null;
}

/** An invoice as the payments module sees it (the public pay flow, the webhook, a manual payment). */
export interface InvoiceForPayment {
  businessId: string;
  documentId: string;
  number: string | null;
  title: string;
  currency: string;
  total: number;
  deposit: number;
  dueDate: string | null;
  /** The effective status (expired when past expiresAt). */
  status: DocumentStatus;
  contactEmail: string | null;
}

/**
 * The payments module's ledger (bound late in app.ts): an invoice marked paid by hand (PUT status paid) records a
 * manual payment of what is still due, in the same transaction, so finance counts the money once.
 */
export interface ManualPaymentLedger {
  recordManualPayment(invoice: InvoiceForPayment, userId: string, tx: Executor): Promise<void>;
}

/** The PDF renderer (modules/documents/pdf): app.ts passes `renderDocumentPdf`; without it the PDF answers 503. */
export type RenderPdf = (model: PdfDocumentModel) => Promise<Uint8Array>;

/** A public link works this long after it was made (the document's own expiresAt can end it sooner). */
export const DOCUMENT_LINK_TTL_MS = 90 * 86_400_000;
const INVOICE_NUMBER_WIDTH = 4;
export const DEFAULT_CURRENCY = 'USD';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const invalid = (details: FieldError[], message: string = M.invalidData) =>
  new AppError('VALIDATION_ERROR', message, details);

function contactName(row: { contactFullName: string | null; contactName: string | null }): string {
  return row.contactFullName ?? row.contactName ?? '';
}

function toSummary(row: DocumentSummaryRow | DocumentViewRow, now: Date): DocumentSummary {
  return {
    _id: row.id,
    type: row.type,
    status: effectiveStatus(row, now),
    title: row.title,
    number: row.number,
    contactId: row.contactId,
    contact: row.contactId ? { _id: row.contactId, name: contactName(row), email: row.contactEmail || null } : null,
    projectId: row.projectId,
    project: row.projectId && row.projectName !== null ? { _id: row.projectId, name: row.projectName } : null,
    isTemplate: row.isTemplate,
    templateId: row.templateId,
    currency: row.currency,
    total: row.type === 'invoice' ? (row.total ?? 0) : null,
    dueDate: iso(row.dueDate),
    expiresAt: iso(row.expiresAt),
    sentAt: iso(row.sentAt),
    viewedAt: iso(row.viewedAt),
    completedAt: iso(row.completedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toDocument(row: DocumentViewRow, now = new Date()): Document {
  return {
    ...toSummary(row, now),
    blocks: row.blocks,
    notes: row.notes,
    lineItems: row.lineItems,
    paymentSchedule: row.paymentSchedule ?? null,
    totals: row.totals,
    signers: row.signers,
  };
}

/** Runs the slice's type-dependent rules outside a zod parse (an update checks them against the stored type). */
function typedContentErrors(content: Parameters<typeof checkTypedContent>[0], type: DocumentType, currency?: string) {
  const errors: FieldError[] = [];
  const ctx = {
    addIssue: (issue: { message?: string; path?: (string | number)[] }) =>
      errors.push({ field: (issue.path ?? []).join('.') || '_', message: issue.message ?? 'Invalid value' }),
  } as unknown as z.RefinementCtx;
  checkTypedContent(content, type, ctx, currency);
  return errors;
}

/** Every HTML field of the blocks through the notes' sanitiser (the same allow-list as the rich-text editor). */
function sanitizeBlocks(blocks: DocumentBlock[]): DocumentBlock[] {
  return blocks.map((b) => mapBlockText(b, { html: (h) => sanitizeNoteHtml(h).html, text: (t) => t }));
}

/** The content a create or update stores, before the invoice maths. */
interface Content {
  title: string;
  contactId: string | null;
  projectId: string | null;
  blocks: DocumentBlock[];
  expiresAt: string | null;
  currency: string | null;
  dueDate: string | null;
  notes: string | null;
  lineItems: {
    id?: string;
    description: string;
    quantity: string;
    unitPrice: number;
    discount: LineItem['discount'];
    taxRateId: string | null;
  }[];
  paymentSchedule: Document['paymentSchedule'];
  signers: Document['signers'];
}

const toDate = (v: string | null) => (v ? new Date(v) : null);

function contentOf(row: DocumentRow): Content {
  return {
    title: row.title,
    contactId: row.contactId,
    projectId: row.projectId,
    blocks: row.blocks,
    expiresAt: iso(row.expiresAt),
    currency: row.currency,
    dueDate: iso(row.dueDate),
    notes: row.notes,
    lineItems: row.lineItems,
    paymentSchedule: row.paymentSchedule ?? null,
    signers: row.signers,
  };
}

export class DocumentsService {
  constructor(
    private readonly repo: DocumentsRepository,
    private readonly deps: Pick<Deps, 'config' | 'mailer'> & {
      renderPdf?: RenderPdf;
      log?: (err: unknown, msg: string) => void;
      /** Payments (bound late): see ManualPaymentLedger. */
      manualPayments?: ManualPaymentLedger;
      /** invoice.paid for automations, in the transaction that marks it paid (lib/domain-events.ts). */
      events?: DomainEvents;
    },
  ) {}

  /** invoice.paid (automations): the invoice just became paid in full, by hand or by card. */
  private async emitPaid(row: DocumentRow, actorId: string | null, tx: Executor): Promise<void> {
    const invoice = invoiceOf(row, 'paid');
    await this.deps.events?.emit(
      {
        businessId: row.businessId,
        type: 'invoice.paid',
        recordId: row.id,
        record: {
          documentId: row.id,
          title: row.title,
          number: row.number,
          amount: invoice.total,
          currency: invoice.currency,
          contactId: row.contactId,
        },
        actorId,
      },
      tx,
    );
  }

  // ---- reads ----

  async list(
    caller: BusinessCaller,
    params: DocumentListParamsData,
  ): Promise<{ data: DocumentSummary[]; pagination: Pagination }> {
    const { rows, total } = await this.repo.list(caller.businessId, params);
    const now = new Date();
    return { data: rows.map((r) => toSummary(r, now)), pagination: makePagination(total, params.page, params.limit) };
  }

  async ofProject(caller: BusinessCaller, projectId: string): Promise<DocumentSummary[]> {
    if (!(await this.repo.projectOf(caller.businessId, projectId))) {
      throw new AppError('NOT_FOUND', 'Project not found');
    }
    const now = new Date();
    return (await this.repo.ofProject(caller.businessId, projectId)).map((r) => toSummary(r, now));
  }

  /**
   * The summaries of these documents of the business (others' ids and unknown ids left out), in no set order: what
   * the packages module reads of the documents it holds.
   */
  async summariesOf(businessId: string, ids: readonly string[]): Promise<DocumentSummary[]> {
    if (ids.length === 0) return [];
    const now = new Date();
    return (await this.repo.summariesOf(businessId, ids)).map((r) => toSummary(r, now));
  }

  async get(caller: BusinessCaller, id: string): Promise<Document> {
    return toDocument(await this.requireView(caller.businessId, id));
  }

  private async requireView(businessId: string, id: string): Promise<DocumentViewRow> {
    const row = await this.repo.findView(businessId, id);
    if (!row) throw new AppError('NOT_FOUND', M.notFound);
    return row;
  }

  // ---- writes ----

  /**
   * The columns of a content: contact and project checked in the caller's business (404 otherwise), HTML
   * sanitised, and for invoices the line items and totals computed with the business's tax rates
   * (computeInvoiceTotals; its refusals are 400 field messages).
   */
  private async fieldsOf(
    businessId: string,
    type: DocumentType,
    content: Content,
    db: Executor,
    message: string,
  ): Promise<Partial<DocumentFields>> {
    const contact = content.contactId ? await this.repo.contactOf(businessId, content.contactId, db) : null;
    if (content.contactId && !contact) throw new AppError('NOT_FOUND', 'Contact not found');
    if (content.projectId && !(await this.repo.projectOf(businessId, content.projectId, db))) {
      throw new AppError('NOT_FOUND', 'Project not found');
    }
    const fields: Partial<DocumentFields> = {
      title: content.title,
      contactId: content.contactId,
      contactName: contact ? `${contact.firstName} ${contact.lastName ?? ''}`.trim() : null,
      projectId: content.projectId,
      blocks: sanitizeBlocks(content.blocks),
      expiresAt: toDate(content.expiresAt),
      signers: type === 'contract' ? content.signers : [],
    };
    if (type !== 'invoice') {
      return {
        ...fields,
        currency: null,
        dueDate: null,
        notes: null,
        lineItems: [],
        paymentSchedule: null,
        totals: null,
        total: null,
      };
    }
    const rates = await this.repo.taxRates(businessId, db);
    let totals;
    try {
      totals = computeInvoiceTotals(
        content.lineItems,
        rates.map((r) => ({ _id: r.id, name: r.name, rate: r.rate })),
        content.paymentSchedule,
      );
    } catch (e) {
      if (e instanceof TotalsError) throw invalid([{ field: e.field, message: e.message }], message);
      throw e;
    }
    const lineItems: LineItem[] = content.lineItems.map((line, i) => ({
      id: line.id ?? randomBytes(8).toString('hex'),
      description: line.description,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      discount: line.discount ?? null,
      taxRateId: line.taxRateId ?? null,
      amount: totals.lines[i]!.total,
    }));
    const { lines: _lines, ...stored } = totals;
    return {
      ...fields,
      currency: content.currency ?? DEFAULT_CURRENCY,
      dueDate: toDate(content.dueDate),
      notes: content.notes,
      lineItems,
      paymentSchedule: content.paymentSchedule,
      totals: stored,
      total: stored.total,
    };
  }

  /** A new document in the caller's business; an invoice (not a template) takes the next number. */
  async create(
    caller: BusinessCaller,
    input: DocumentData,
    extra: { templateId?: string | null } = {},
  ): Promise<Document> {
    const id = await this.repo.transaction(async (tx) => {
      const fields = await this.fieldsOf(
        caller.businessId,
        input.type,
        {
          title: input.title,
          contactId: input.contactId,
          projectId: input.projectId,
          blocks: input.blocks,
          expiresAt: input.expiresAt,
          currency: input.currency ?? null,
          dueDate: input.dueDate,
          notes: input.notes,
          lineItems: input.lineItems ?? [],
          paymentSchedule: input.paymentSchedule,
          signers: input.signers ?? [],
        },
        tx,
        M.invalidData,
      );
      const number = await this.numberFor(caller.businessId, input.type, input.isTemplate, tx);
      const row = await this.repo.insert(
        caller.businessId,
        {
          ...fields,
          title: input.title,
          type: input.type,
          status: 'draft',
          isTemplate: input.isTemplate,
          templateId: extra.templateId ?? null,
          number,
          createdBy: caller.userId,
        },
        tx,
      );
      return row.id;
    });
    return this.get(caller, id);
  }

  private async numberFor(businessId: string, type: DocumentType, isTemplate: boolean, tx: Executor) {
    if (type !== 'invoice' || isTemplate) return null;
    const n = await this.repo.nextNumber(businessId, 'invoice', tx);
    return `INV-${String(n).padStart(INVOICE_NUMBER_WIDTH, '0')}`;
  }

  /**
   * PUT /documents/{id}: drafts and templates change freely; a sent (or later) document takes only
   * SENT_EDITABLE_FIELDS (409 otherwise). A status given moves by canMoveStatus (409 otherwise).
   */
  async update(caller: BusinessCaller, id: string, input: DocumentUpdateData): Promise<Document> {
    await this.repo.transaction(async (tx) => {
      const row = await this.repo.find(caller.businessId, id, tx, true);
      if (!row) throw new AppError('NOT_FOUND', M.notFound);
      const now = new Date();
      const status = effectiveStatus(row, now);
      const given = (Object.keys(input) as (keyof DocumentUpdateData)[]).filter((k) => input[k] !== undefined);
      if (!isEditable({ status: row.status, isTemplate: row.isTemplate })) {
        const frozen = given.filter((k) => !(SENT_EDITABLE_FIELDS as readonly string[]).includes(k));
        if (frozen.length) throw new AppError('CONFLICT', M.onlyDrafts);
      }
      const errors = typedContentErrors(input, row.type, row.currency ?? undefined);
      if (errors.length) throw invalid(errors, M.invalidUpdate);
      const statusFields: Partial<DocumentFields> = {};
      if (input.status && input.status !== status) {
        if (row.isTemplate || !canMoveStatus(row.type, status, input.status)) {
          throw new AppError('CONFLICT', M.statusMove(status, input.status));
        }
        statusFields.status = input.status;
        if (input.status === finalStatusOf(row.type)) statusFields.completedAt = now;
        if (row.type === 'invoice' && input.status === 'paid') {
          await this.deps.manualPayments?.recordManualPayment(invoiceOf(row, status), caller.userId, tx);
          await this.emitPaid(row, caller.userId, tx);
        }
      }
      const old = contentOf(row);
      const content: Content = {
        title: input.title ?? old.title,
        contactId: input.contactId !== undefined ? input.contactId : old.contactId,
        projectId: input.projectId !== undefined ? input.projectId : old.projectId,
        blocks: input.blocks ?? old.blocks,
        expiresAt: input.expiresAt !== undefined ? input.expiresAt : old.expiresAt,
        currency: input.currency ?? old.currency,
        dueDate: input.dueDate !== undefined ? input.dueDate : old.dueDate,
        notes: input.notes !== undefined ? input.notes : old.notes,
        lineItems: input.lineItems ?? old.lineItems,
        paymentSchedule: input.paymentSchedule !== undefined ? input.paymentSchedule : old.paymentSchedule,
        signers: input.signers ?? old.signers,
      };
      const fields = isEditable({ status: row.status, isTemplate: row.isTemplate })
        ? await this.fieldsOf(caller.businessId, row.type, content, tx, M.invalidUpdate)
        : await this.sentFields(caller.businessId, row.type, content, tx);
      await this.repo.update(caller.businessId, id, { ...fields, ...statusFields }, tx);
    });
    return this.get(caller, id);
  }

  /** What a sent document may still change: title, project, due date, expiry. */
  private async sentFields(businessId: string, type: DocumentType, content: Content, db: Executor) {
    if (content.projectId && !(await this.repo.projectOf(businessId, content.projectId, db))) {
      throw new AppError('NOT_FOUND', 'Project not found');
    }
    return {
      title: content.title,
      projectId: content.projectId,
      expiresAt: toDate(content.expiresAt),
      ...(type === 'invoice' ? { dueDate: toDate(content.dueDate) } : {}),
    };
  }

  /** Deletes a document; a contract sent for signature is kept with its evidence (409). */
  async remove(caller: BusinessCaller, id: string): Promise<void> {
    const removed = await this.repo.remove(caller.businessId, id);
    if (removed === 'kept') throw new AppError('CONFLICT', M.signatureEvidenceKept);
    if (!removed) throw new AppError('NOT_FOUND', M.notFound);
  }

  /** A copy of the document's content as a new row (a draft; invoices take a new number). */
  private async copy(
    caller: BusinessCaller,
    source: DocumentRow,
    changes: {
      title: string;
      isTemplate: boolean;
      templateId: string | null;
      contactId: string | null;
      projectId: string | null;
    },
  ): Promise<Document> {
    return this.create(
      caller,
      {
        type: source.type,
        isTemplate: changes.isTemplate,
        title: changes.title,
        contactId: changes.contactId,
        projectId: changes.projectId,
        blocks: source.blocks,
        expiresAt: changes.isTemplate ? null : iso(source.expiresAt),
        currency: source.currency ?? undefined,
        dueDate: changes.isTemplate ? null : iso(source.dueDate),
        notes: source.notes,
        lineItems:
          source.type === 'invoice'
            ? source.lineItems.map(({ amount: _a, ...l }) => ({ ...l, currency: null }))
            : undefined,
        paymentSchedule: source.paymentSchedule ?? null,
        signers: source.type === 'contract' ? source.signers : undefined,
      },
      { templateId: changes.templateId },
    );
  }

  private async requireRow(businessId: string, id: string, message: string = M.notFound): Promise<DocumentRow> {
    const row = await this.repo.find(businessId, id);
    if (!row) throw new AppError('NOT_FOUND', message);
    return row;
  }

  async duplicate(caller: BusinessCaller, id: string): Promise<Document> {
    const row = await this.requireRow(caller.businessId, id);
    return this.copy(caller, row, {
      title: `${row.title} (copy)`.slice(0, 300),
      isTemplate: row.isTemplate,
      templateId: row.templateId,
      contactId: row.contactId,
      projectId: row.projectId,
    });
  }

  /** A template from a document: its content without contact, project, dates or number. */
  async saveAsTemplate(caller: BusinessCaller, id: string): Promise<Document> {
    const row = await this.requireRow(caller.businessId, id);
    if (row.isTemplate) throw new AppError('CONFLICT', M.alreadyTemplate);
    return this.copy(caller, row, {
      title: row.title,
      isTemplate: true,
      templateId: null,
      contactId: null,
      projectId: null,
    });
  }

  async createFromTemplate(
    caller: BusinessCaller,
    templateId: string,
    input: { title?: string; contactId: string | null; projectId: string | null },
  ): Promise<Document> {
    const template = await this.repo.find(caller.businessId, templateId);
    if (!template || !template.isTemplate) throw new AppError('NOT_FOUND', M.templateNotFound);
    return this.copy(caller, template, {
      title: input.title ?? template.title,
      isTemplate: false,
      templateId: template.id,
      contactId: input.contactId,
      projectId: input.projectId,
    });
  }

  // ---- merge tags, preview, send, links ----

  private async mergeContext(row: DocumentRow): Promise<MergeTagContext> {
    const [contact, project, business] = await Promise.all([
      row.contactId ? this.repo.contactOf(row.businessId, row.contactId) : null,
      row.projectId ? this.repo.projectOf(row.businessId, row.projectId) : null,
      this.repo.businessOf(row.businessId),
    ]);
    return {
      contact,
      project,
      business: business ? { name: business.name } : null,
      document: { title: row.title, number: row.number, dueDate: row.dueDate?.toISOString().slice(0, 10) ?? null },
    };
  }

  /** The document with every merge tag resolved (values HTML-escaped in HTML), and the tags that did not. */
  private async resolved(row: DocumentViewRow): Promise<{ document: Document; unresolvedTags: string[] }> {
    const context = await this.mergeContext(row);
    const unresolved = new Set<string>();
    const text = (t: string, html = false) => {
      const r = resolveMergeTags(t, context, { html });
      r.unresolved.forEach((u) => unresolved.add(u));
      return r.text;
    };
    const doc = toDocument(row);
    const document: Document = {
      ...doc,
      title: text(doc.title),
      blocks: doc.blocks.map((b) => mapBlockText(b, { html: (h) => text(h, true), text: (t) => text(t) })),
      notes: doc.notes === null ? null : text(doc.notes),
    };
    return { document, unresolvedTags: [...unresolved] };
  }

  async preview(caller: BusinessCaller, id: string): Promise<DocumentPreview> {
    return this.resolved(await this.requireView(caller.businessId, id));
  }

  private async newLink(
    caller: BusinessCaller,
    documentId: string,
    db?: Executor,
    given?: string,
  ): Promise<DocumentLink> {
    const token = given ?? randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + DOCUMENT_LINK_TTL_MS);
    await this.repo.insertLink(
      { documentId, businessId: caller.businessId, tokenHash: hashToken(token), expiresAt, createdBy: caller.userId },
      db,
    );
    return {
      url: `${this.deps.config.appUrl}/documents/view/${encodeURIComponent(documentId)}?token=${token}`,
      token,
      expiresAt: expiresAt.toISOString(),
    };
  }

  /**
   * Sends a draft (or sends a sent/viewed one again): status sent, a new public link, and an email with the link
   * to the contact when it has an address. The send stands when the email fails (answered as email 'failed').
   * A package sends its documents with `token` (the link's token, derived from the package's) and `email: false`
   * (the package mails one message for all of them).
   */
  async send(
    caller: BusinessCaller,
    id: string,
    options: { token?: string; email?: boolean } = {},
  ): Promise<DocumentSendAnswer> {
    const link = await this.repo.transaction(async (tx) => {
      const row = await this.repo.find(caller.businessId, id, tx, true);
      if (!row) throw new AppError('NOT_FOUND', M.notFound);
      if (row.isTemplate) throw new AppError('CONFLICT', M.templateNotSendable);
      const status = effectiveStatus(row);
      if (status !== 'draft' && status !== 'sent' && status !== 'viewed') {
        throw new AppError('CONFLICT', M.statusMove(status, 'sent'));
      }
      if (row.expiresAt && row.expiresAt <= new Date()) {
        throw invalid([{ field: 'expiresAt', message: M.expiryPassed }], M.expiryPassed);
      }
      if (status === 'draft') await this.repo.update(caller.businessId, id, { status: 'sent', sentAt: new Date() }, tx);
      return this.newLink(caller, id, tx, options.token);
    });
    const { document, unresolvedTags } = await this.resolved(await this.requireView(caller.businessId, id));
    let email: DocumentSendAnswer['email'] = 'no_email';
    const to = document.contact?.email;
    if (to && options.email !== false) {
      try {
        const business = await this.repo.businessOf(caller.businessId);
        await this.deps.mailer.send(documentMail({ to, document, link: link.url, from: business?.name ?? 'Atrium' }));
        email = 'sent';
      } catch (err) {
        this.deps.log?.(err, 'document email failed');
        email = 'failed';
      }
    }
    return { document: toDocument(await this.requireView(caller.businessId, id)), link, email, unresolvedTags };
  }

  /**
   * The contract goes out for signature: a draft becomes sent (its content frozen, as `send`), without a public
   * link or an e-mail — the signature workflow mails each signer their own link. The same refusals as `send`.
   */
  async freeze(caller: BusinessCaller, id: string): Promise<void> {
    await this.repo.transaction(async (tx) => {
      const row = await this.repo.find(caller.businessId, id, tx, true);
      if (!row) throw new AppError('NOT_FOUND', M.notFound);
      if (row.isTemplate) throw new AppError('CONFLICT', M.templateNotSendable);
      const status = effectiveStatus(row);
      if (status !== 'draft' && status !== 'sent' && status !== 'viewed') {
        throw new AppError('CONFLICT', M.statusMove(status, 'sent'));
      }
      if (row.expiresAt && row.expiresAt <= new Date()) {
        throw invalid([{ field: 'expiresAt', message: M.expiryPassed }], M.expiryPassed);
      }
      if (status === 'draft') await this.repo.update(caller.businessId, id, { status: 'sent', sentAt: new Date() }, tx);
    });
  }

  /**
   * What the signers of a contract are shown and what is sealed, taken from one read: the document as its client
   * sees it (merge tags resolved) and its PDF model, with the business's name.
   */
  async signingSnapshot(
    businessId: string,
    id: string,
  ): Promise<{ document: Document; model: PdfDocumentModel; businessName: string }> {
    const row = await this.requireView(businessId, id);
    const [{ document }, model] = await Promise.all([this.resolved(row), this.modelOf(row)]);
    return { document, model, businessName: model.business.name };
  }

  /** Another public link to a document already sent. */
  async share(caller: BusinessCaller, id: string): Promise<DocumentLink> {
    const row = await this.requireRow(caller.businessId, id);
    if (row.isTemplate) throw new AppError('CONFLICT', M.templateNotSendable);
    if (row.status === 'draft') throw new AppError('CONFLICT', M.notSentYet);
    return this.newLink(caller, id);
  }

  /**
   * The public view of a link: 404 for an unknown, forged, revoked or mismatched token (never another business's
   * document), 410 GONE when the link or the document expired. The first open marks a sent document viewed.
   */
  async publicView(id: string, token: string): Promise<PublicDocument> {
    const row = await this.publicRow(id, token);
    if (row.status === 'sent') await this.repo.markViewed(row.id);
    const fresh = (await this.repo.findView(row.businessId, row.id)) ?? row;
    const { document } = await this.resolved(fresh);
    const business = await this.repo.businessOf(row.businessId);
    const { contactId: _c, projectId: _p, templateId: _t, isTemplate: _i, ...visible } = document;
    return { document: visible, business: { name: business?.name ?? '' } };
  }

  private async publicRow(id: string, token: string): Promise<DocumentViewRow> {
    const link = await this.repo.linkByHash(hashToken(token));
    if (!link || link.documentId !== id || link.revokedAt) throw new AppError('NOT_FOUND', M.linkNotFound);
    const row = await this.repo.findView(link.businessId, id);
    if (!row || row.isTemplate || row.status === 'draft') throw new AppError('NOT_FOUND', M.linkNotFound);
    if (link.expiresAt <= new Date() || effectiveStatus(row) === 'expired') throw new AppError('GONE', M.linkExpired);
    return row;
  }

  /**
   * The questionnaire behind a public link, for the forms module to take its answers: the same 404/410 as the view.
   * Then `lockAnswered` in the answer's transaction.
   */
  async questionnaireForAnswer(id: string, token: string): Promise<QuestionnaireForAnswer> {
    const row = await this.publicRow(id, token);
    if (row.type !== 'questionnaire') throw new AppError('CONFLICT', FORM_MESSAGES.notQuestionnaire);
    return {
      businessId: row.businessId,
      documentId: row.id,
      contactId: row.contactId,
      contactName: row.contactId ? contactName(row) || null : null,
      contactEmail: row.contactId ? row.contactEmail || null : null,
    };
  }

  /**
   * The questionnaire locked until `tx` ends (two answers at once are taken one after the other): its title, its
   * questions and whether it is completed already.
   */
  async lockForAnswer(
    businessId: string,
    id: string,
    tx: Executor,
  ): Promise<{ title: string; completed: boolean; questions: QuestionBlock[] }> {
    const row = await this.repo.find(businessId, id, tx, true);
    if (!row) throw new AppError('NOT_FOUND', M.linkNotFound);
    return {
      title: row.title,
      completed: row.status === 'completed',
      questions: row.blocks.filter((b): b is QuestionBlock => b.type === 'question'),
    };
  }

  /** A questionnaire answered through its link becomes completed (in the answer's transaction). */
  async completeAnswered(businessId: string, id: string, tx: Executor): Promise<void> {
    await this.repo.update(businessId, id, { status: 'completed', completedAt: new Date() }, tx);
  }

  // ---- payments (the payments module's calls) ----

  /** The invoice behind a public link (the pay page): the same 404/410 as the view; 404 for other types. */
  async invoiceForPayment(id: string, token: string): Promise<InvoiceForPayment> {
    const row = await this.publicRow(id, token);
    if (row.type !== 'invoice') throw new AppError('NOT_FOUND', M.linkNotFound);
    return { ...invoiceOf(row, effectiveStatus(row)), contactEmail: row.contactEmail || null };
  }

  /** The business's name (the pay pages say who is paid). */
  async businessNameOf(businessId: string): Promise<string> {
    return (await this.repo.businessOf(businessId))?.name ?? '';
  }

  /** The business's invoice (not a template), locked until `tx` ends when `lock`; null otherwise. */
  async invoiceOf(businessId: string, id: string, tx?: Executor, lock = false): Promise<InvoiceForPayment | null> {
    const row = await this.repo.find(businessId, id, tx, lock);
    if (!row || row.type !== 'invoice' || row.isTemplate) return null;
    return invoiceOf(row, effectiveStatus(row));
  }

  /**
   * The payments module settles an invoice (in its transaction): paid in full → status paid (completedAt now);
   * no longer paid in full (a refund) → back to viewed or sent. Nothing for a draft or a template.
   */
  async settleInvoice(businessId: string, id: string, paidInFull: boolean, tx: Executor): Promise<void> {
    const row = await this.repo.find(businessId, id, tx, true);
    if (!row || row.type !== 'invoice' || row.isTemplate || row.status === 'draft') return;
    if (paidInFull && row.status !== 'paid') {
      await this.repo.update(businessId, id, { status: 'paid', completedAt: new Date() }, tx);
      await this.emitPaid(row, null, tx);
    } else if (!paidInFull && row.status === 'paid') {
      await this.repo.update(businessId, id, { status: row.viewedAt ? 'viewed' : 'sent', completedAt: null }, tx);
    }
  }

  // ---- PDF ----

  private async renderPdf(row: DocumentViewRow): Promise<string> {
    const render = this.deps.renderPdf;
    if (!render) throw new AppError('SERVICE_UNAVAILABLE', M.pdfUnavailable);
    return Buffer.from(await render(await this.modelOf(row))).toString('base64');
  }

  /** The PDF model of a document as its client sees it (merge tags resolved), with the business's name and logo. */
  private async modelOf(row: DocumentViewRow): Promise<PdfDocumentModel> {
    const [{ document }, business, logo] = await Promise.all([
      this.resolved(row),
      this.repo.businessOf(row.businessId),
      this.repo.businessLogo(row.businessId),
    ]);
    const colors = business?.colors as { primary?: string } | null | undefined;
    return documentPdfModel(document, {
      name: business?.name ?? '',
      brandColor: colors?.primary ?? null,
      logo,
    });
  }

  /** The business's document as a PDF model: what the signatures module seals once every signer signed (404 else). */
  async pdfModel(businessId: string, id: string): Promise<PdfDocumentModel> {
    return this.modelOf(await this.requireView(businessId, id));
  }

  async pdf(caller: BusinessCaller, id: string): Promise<string> {
    return this.renderPdf(await this.requireView(caller.businessId, id));
  }

  async publicPdf(id: string, token: string): Promise<string> {
    return this.renderPdf(await this.publicRow(id, token));
  }

  // ---- tax rates ----

  async taxRates(caller: BusinessCaller): Promise<TaxRate[]> {
    return (await this.repo.taxRates(caller.businessId)).map(toTaxRate);
  }

  async createTaxRate(caller: BusinessCaller, input: Required<TaxRateInput>): Promise<TaxRate> {
    try {
      return toTaxRate(await this.repo.insertTaxRate(caller.businessId, input.name, input.rate));
    } catch (e) {
      if (pgErrorCode(e) === UNIQUE_VIOLATION) throw new AppError('CONFLICT', M.taxRateNameTaken);
      throw e;
    }
  }

  async updateTaxRate(caller: BusinessCaller, id: string, input: TaxRateUpdate): Promise<TaxRate> {
    let row: TaxRateRow | null;
    try {
      row = await this.repo.updateTaxRate(caller.businessId, id, input);
    } catch (e) {
      if (pgErrorCode(e) === UNIQUE_VIOLATION) throw new AppError('CONFLICT', M.taxRateNameTaken);
      throw e;
    }
    if (!row) throw new AppError('NOT_FOUND', M.taxRateNotFound);
    return toTaxRate(row);
  }

  async removeTaxRate(caller: BusinessCaller, id: string): Promise<void> {
    if (!(await this.repo.removeTaxRate(caller.businessId, id))) throw new AppError('NOT_FOUND', M.taxRateNotFound);
  }
}

function invoiceOf(row: DocumentRow, status: DocumentStatus): InvoiceForPayment {
  return {
    businessId: row.businessId,
    documentId: row.id,
    number: row.number,
    title: row.title,
    currency: row.currency ?? DEFAULT_CURRENCY,
    total: row.totals?.total ?? row.total ?? 0,
    deposit: row.totals?.deposit ?? 0,
    dueDate: iso(row.dueDate),
    status,
    contactEmail: null,
  };
}

function toTaxRate(row: TaxRateRow): TaxRate {
  return {
    _id: row.id,
    name: row.name,
    rate: row.rate,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

const KIND: Record<DocumentType, string> = {
  invoice: 'an invoice',
  contract: 'a contract',
  questionnaire: 'a questionnaire',
};

/** The email that carries a document's link to its contact. */
export function documentMail(input: { to: string; document: Document; link: string; from: string }) {
  const { document: doc, link, from } = input;
  const greeting = doc.contact?.name ? `Hello ${doc.contact.name.split(' ')[0]},` : 'Hello,';
  const what = `${from} sent you ${KIND[doc.type]}: ${doc.title}${doc.number ? ` (${doc.number})` : ''}.`;
  return {
    to: input.to,
    subject: `${doc.title}${doc.number ? ` ${doc.number}` : ''} from ${from}`,
    text: [greeting, '', what, '', `Open it here: ${link}`, '', '— Atrium'].join('\n'),
    html: `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5">
<p>${escapeHtml(greeting)}</p><p>${escapeHtml(what)}</p>
<p><a href="${escapeHtml(link)}">Open the document</a></p><p style="color:#868e96;font-size:13px">— Atrium</p>
</body></html>`,
  };
}
