import { createHash, createHmac, randomBytes } from 'node:crypto';
import { makePagination, type FieldError, type Pagination } from '@atrium/contracts';
import {
  currentStepOf,
  PACKAGE_MESSAGES as M,
  packageStatusOf,
  stepDone,
  type DocumentSummary,
  type Package,
  type PackageData,
  type PackageLink,
  type PackageListParamsData,
  type PackageSendAnswer,
  type PackageStep,
  type PackageSummary,
  type PackageUpdateData,
  type PublicPackage,
} from '@atrium/domain-documents/schemas';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../db/client';
import type { BusinessCaller } from '../../lib/caller';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import type { DocumentsService } from '../documents/documents.service';
import { DOCUMENT_LINK_TTL_MS } from '../documents/documents.service';
import type { PackagesRepository, PackageViewRow } from './packages.repository';

/** What packages use of the documents module: its service, through these methods only. */
export type PackageDocuments = Pick<DocumentsService, 'summariesOf' | 'send'>;

/** A package link works as long as its documents' links (90 days). */
export const PACKAGE_LINK_TTL_MS = DOCUMENT_LINK_TTL_MS;
const SENDABLE = new Set(['draft', 'sent', 'viewed']);

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/**
 * A step's own document link token, derived from the package link's token: whoever holds the package link can
 * open each document, and nothing but the hashes is stored (the document link stores its token's hash as usual).
 */
export const stepToken = (packageToken: string, documentId: string) =>
  createHmac('sha256', packageToken).update(`package-step:${documentId}`).digest('base64url');

const invalid = (details: FieldError[], message: string) => new AppError('VALIDATION_ERROR', message, details);

export class PackagesService {
  constructor(
    private readonly repo: PackagesRepository,
    private readonly documents: PackageDocuments,
    private readonly deps: Pick<Deps, 'config' | 'mailer'> & { log?: (err: unknown, msg: string) => void },
  ) {}

  // ---- reads ----

  private steps(ids: readonly string[], docs: Map<string, DocumentSummary>): PackageStep[] {
    return ids.flatMap((id) => {
      const d = docs.get(id);
      return d
        ? [{ documentId: id, title: d.title, type: d.type, status: d.status, done: stepDone(d.type, d.status) }]
        : [];
    });
  }

  private async docsOf(businessId: string, ids: readonly string[]): Promise<Map<string, DocumentSummary>> {
    return new Map((await this.documents.summariesOf(businessId, ids)).map((d) => [d._id, d]));
  }

  private toPackage(row: PackageViewRow, steps: PackageStep[]): Package {
    return {
      _id: row.id,
      name: row.name,
      status: packageStatusOf(row.status === 'sent', steps),
      contactId: row.contactId,
      contact: row.contactId ? { _id: row.contactId, name: row.contactFullName ?? '', email: row.contactEmail } : null,
      itemCount: steps.length,
      doneCount: steps.filter((s) => s.done).length,
      sentAt: iso(row.sentAt),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      steps,
      currentStep: currentStepOf(steps),
    };
  }

  async list(
    caller: BusinessCaller,
    params: PackageListParamsData,
  ): Promise<{ data: PackageSummary[]; pagination: Pagination }> {
    const { rows, total } = await this.repo.list(caller.businessId, params);
    const items = await this.repo.itemsOf(rows.map((r) => r.id));
    const docs = await this.docsOf(caller.businessId, [...items.values()].flat());
    const data = rows.map((r) => {
      const { steps: _s, currentStep: _c, ...summary } = this.toPackage(r, this.steps(items.get(r.id) ?? [], docs));
      return summary;
    });
    return { data, pagination: makePagination(total, params.page, params.limit) };
  }

  async get(caller: BusinessCaller, id: string): Promise<Package> {
    const row = await this.repo.findView(caller.businessId, id);
    if (!row) throw new AppError('NOT_FOUND', M.notFound);
    const ids = (await this.repo.itemsOf([id])).get(id) ?? [];
    return this.toPackage(row, this.steps(ids, await this.docsOf(caller.businessId, ids)));
  }

  // ---- writes ----

  /**
   * The rules of a package's documents: each of the caller's business (404 otherwise, as any id of another
   * business), not a template, for the package's client, and in no other package (400 with a message per item).
   */
  private async checkItems(
    caller: BusinessCaller,
    packageId: string | null,
    contactId: string,
    documentIds: readonly string[],
    message: string,
  ): Promise<void> {
    if (!(await this.repo.contactOf(caller.businessId, contactId))) {
      throw new AppError('NOT_FOUND', M.contactNotFound);
    }
    const docs = await this.docsOf(caller.businessId, documentIds);
    if (documentIds.some((id) => !docs.has(id))) throw new AppError('NOT_FOUND', M.documentNotFound);
    const held = new Map(
      (await this.repo.packagesHolding(caller.businessId, documentIds, packageId)).map((h) => [
        h.documentId,
        h.packageName,
      ]),
    );
    const errors: FieldError[] = [];
    documentIds.forEach((id, i) => {
      const d = docs.get(id)!;
      const field = `documentIds.${i}`;
      if (d.isTemplate) errors.push({ field, message: M.templateNotAllowed });
      else if (d.contactId !== contactId) errors.push({ field, message: M.otherClient });
      else if (held.has(id)) errors.push({ field, message: M.inOtherPackage(held.get(id)!) });
    });
    if (errors.length) throw invalid(errors, message);
  }

  /** A document claimed by another package meanwhile (the unique index on package_items.document_id). */
  private async claiming<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      if (pgErrorCode(e) === UNIQUE_VIOLATION) throw new AppError('CONFLICT', M.inOtherPackage('another package'));
      throw e;
    }
  }

  /*
   * The checks read outside the writing transaction (the documents service has its own handle, and PGlite's one
   * connection would wait on the transaction); a document claimed meanwhile fails on the unique index (claiming).
   */
  async create(caller: BusinessCaller, input: PackageData): Promise<Package> {
    await this.checkItems(caller, null, input.contactId, input.documentIds, M.invalidData);
    const id = await this.claiming(() =>
      this.repo.transaction(async (tx) => {
        const row = await this.repo.insert(
          caller.businessId,
          { name: input.name, contactId: input.contactId, createdBy: caller.userId },
          tx,
        );
        await this.repo.setItems(caller.businessId, row.id, input.documentIds, tx);
        return row.id;
      }),
    );
    return this.get(caller, id);
  }

  /** PUT: a draft changes freely; a sent package only its name (409 for its client or documents). */
  async update(caller: BusinessCaller, id: string, input: PackageUpdateData): Promise<Package> {
    const row = await this.repo.find(caller.businessId, id);
    if (!row) throw new AppError('NOT_FOUND', M.notFound);
    const changesItems = input.contactId !== undefined || input.documentIds !== undefined;
    if (changesItems && row.status !== 'draft') throw new AppError('CONFLICT', M.frozen);
    const contactId = input.contactId ?? row.contactId;
    const ids = changesItems ? (input.documentIds ?? (await this.repo.itemsOf([id])).get(id) ?? []) : [];
    if (changesItems) {
      if (!contactId) throw invalid([{ field: 'contactId', message: M.contactRequired }], M.invalidUpdate);
      await this.checkItems(caller, id, contactId, ids, M.invalidUpdate);
    }
    await this.claiming(() =>
      this.repo.transaction(async (tx) => {
        const locked = await this.repo.find(caller.businessId, id, tx, true);
        if (!locked) throw new AppError('NOT_FOUND', M.notFound);
        if (changesItems && locked.status !== 'draft') throw new AppError('CONFLICT', M.frozen);
        if (changesItems) await this.repo.setItems(caller.businessId, id, ids, tx);
        await this.repo.update(
          caller.businessId,
          id,
          { ...(input.name ? { name: input.name } : {}), ...(input.contactId ? { contactId: input.contactId } : {}) },
          tx,
        );
      }),
    );
    return this.get(caller, id);
  }

  async remove(caller: BusinessCaller, id: string): Promise<void> {
    if (!(await this.repo.remove(caller.businessId, id))) throw new AppError('NOT_FOUND', M.notFound);
  }

  /**
   * Sends the package: every document is sent through the documents service with its own link (token derived
   * from the package link's, no email of its own), then the package is sent with a new link, and one email with
   * it goes to the client when the client has an address (the send stands if the email fails). Every document is
   * checked before any is sent: one completed, paid or expired refuses the whole send (409).
   */
  async send(caller: BusinessCaller, id: string): Promise<PackageSendAnswer> {
    const before = await this.get(caller, id);
    if (before.steps.length === 0)
      throw invalid([{ field: 'documentIds', message: M.documentsRequired }], M.invalidData);
    for (const step of before.steps) {
      if (!SENDABLE.has(step.status)) throw new AppError('CONFLICT', M.notSendable(step.title, step.status));
    }
    const token = randomBytes(32).toString('base64url');
    for (const step of before.steps) {
      await this.documents.send(caller, step.documentId, { token: stepToken(token, step.documentId), email: false });
    }
    const expiresAt = new Date(Date.now() + PACKAGE_LINK_TTL_MS);
    await this.repo.transaction(async (tx) => {
      await this.repo.update(
        caller.businessId,
        id,
        before.status === 'draft' ? { status: 'sent', sentAt: new Date() } : {},
        tx,
      );
      await this.repo.insertLink(
        {
          packageId: id,
          businessId: caller.businessId,
          tokenHash: hashToken(token),
          expiresAt,
          createdBy: caller.userId,
        },
        tx,
      );
    });
    const link: PackageLink = {
      url: `${this.deps.config.appUrl}/packages/view/${encodeURIComponent(id)}?token=${token}`,
      token,
      expiresAt: expiresAt.toISOString(),
    };
    const pkg = await this.get(caller, id);
    let email: PackageSendAnswer['email'] = 'no_email';
    if (pkg.contact?.email) {
      try {
        const from = await this.repo.businessName(caller.businessId);
        await this.deps.mailer.send(
          packageMail({ to: pkg.contact.email, pkg, link: link.url, from: from || 'Atrium' }),
        );
        email = 'sent';
      } catch (err) {
        this.deps.log?.(err, 'package email failed');
        email = 'failed';
      }
    }
    return { package: pkg, link, email };
  }

  /**
   * The package holding a document (a document sits in at most one) and its documents in order, whatever the
   * package's state: how the signing flow finds the invoice that goes with a contract (payments' signing deposit).
   */
  async packageOfDocument(
    documentId: string,
  ): Promise<{ packageId: string; businessId: string; createdBy: string | null; documentIds: string[] } | null> {
    const found = await this.repo.packageOfDocument(documentId);
    if (!found) return null;
    const ids = (await this.repo.itemsOf([found.packageId])).get(found.packageId) ?? [];
    return { ...found, documentIds: ids };
  }

  /**
   * The public flow of a link: 404 for an unknown, forged or revoked token or one of another package (never
   * another business's package), 410 GONE when the link expired. Each step carries its own document link.
   */
  async publicView(id: string, token: string): Promise<PublicPackage> {
    const link = await this.repo.linkByHash(hashToken(token));
    if (!link || link.packageId !== id || link.revokedAt) throw new AppError('NOT_FOUND', M.linkNotFound);
    const row = await this.repo.findView(link.businessId, id);
    if (!row || row.status === 'draft') throw new AppError('NOT_FOUND', M.linkNotFound);
    if (link.expiresAt <= new Date()) throw new AppError('GONE', M.linkExpired);
    const ids = (await this.repo.itemsOf([id])).get(id) ?? [];
    const pkg = this.toPackage(row, this.steps(ids, await this.docsOf(link.businessId, ids)));
    const steps = pkg.steps.map((s) => {
      const t = stepToken(token, s.documentId);
      return {
        ...s,
        token: t,
        url: `${this.deps.config.appUrl}/documents/view/${encodeURIComponent(s.documentId)}?token=${t}`,
      };
    });
    return {
      package: { _id: pkg._id, name: pkg.name, status: pkg.status },
      business: { name: await this.repo.businessName(link.businessId) },
      steps,
      currentStep: pkg.currentStep,
    };
  }
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** The email that carries a package's link to its client. */
export function packageMail(input: { to: string; pkg: Package; link: string; from: string }) {
  const { pkg, link, from } = input;
  const greeting = pkg.contact?.name ? `Hello ${pkg.contact.name.split(' ')[0]},` : 'Hello,';
  const what = `${from} sent you ${pkg.steps.length === 1 ? 'a document' : `${pkg.steps.length} documents`}: ${pkg.name}.`;
  const list = pkg.steps.map((s, i) => `${i + 1}. ${s.title}`);
  return {
    to: input.to,
    subject: `${pkg.name} from ${from}`,
    text: [greeting, '', what, '', ...list, '', `Go through them here: ${link}`, '', '— Atrium'].join('\n'),
    html: `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5">
<p>${escapeHtml(greeting)}</p><p>${escapeHtml(what)}</p><ol>${pkg.steps.map((s) => `<li>${escapeHtml(s.title)}</li>`).join('')}</ol>
<p><a href="${escapeHtml(link)}">Open the package</a></p><p style="color:#868e96;font-size:13px">— Atrium</p>
</body></html>`,
  };
}
