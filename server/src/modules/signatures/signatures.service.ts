import type { DomainEvents } from '../../lib/domain-events';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { makePagination, type Pagination } from '@atrium/contracts';
import {
  ESIGN_DISCLOSURE,
  SIGNATURE_LIMITS as LIMITS,
  SIGNATURE_MESSAGES as M,
  SIGNER_TOKEN_PREFIX,
  type AuditEntry,
  type AuditEvent,
  type ConsentInput,
  type Document,
  type SignatureInput,
  type SigningSession,
  type SigningStepAnswer,
  type Workflow,
  type WorkflowCreateData,
  type WorkflowDocumentAnswer,
  type WorkflowListParamsData,
  type WorkflowSendAnswer,
  type WorkflowSigner,
  type WorkflowStatus,
  type WorkflowSummary,
  type WorkflowVerifyAnswer,
} from '@atrium/domain-documents/schemas';
import type { FieldError } from '@atrium/contracts';
import type { Executor } from '../../db/client';
import type { AuthContext, BusinessCaller } from '../../lib/caller';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import type { JobQueue } from '../../lib/jobs';
import type { NotificationSender } from '../../lib/notifications-port';
import type { PdfDocumentModel } from '../documents/pdf/model';
import type { FinalizedSignedPdf, FinalizeSignedPdfInput, SealVerification, SignedPdfSigner } from './pdf/types';
import { DocumentChangedError, pngProblem, SignedPdfInputError } from './pdf/finalize';
import { entryHash, GENESIS_HASH, verifyChain, type AuditFacts, type ChainedEntry } from './signatures.audit';
import { ownerTurnMail, signingInvitationMail } from './signatures.mail';
import { snapshotFromJson, snapshotToJson, type SigningSnapshot } from './signatures.snapshot';
import {
  OPEN_STATUSES,
  type AuditRow,
  type SignaturesRepository,
  type SignerInsert,
  type SignerRow,
  type WorkflowListRow,
  type WorkflowRow,
} from './signatures.repository';

/** Who did something, from where: the request's address and user agent (lib/http clientMeta). */
export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
}

/** The documents module as signatures uses it (app.ts hands the DocumentsService in). */
export interface SignatureDocuments {
  get(caller: BusinessCaller, id: string): Promise<Document>;
  preview(caller: BusinessCaller, id: string): Promise<{ document: Document; unresolvedTags: string[] }>;
  /** The contract goes out for signature: status sent (content frozen), no public link, no e-mail. */
  freeze(caller: BusinessCaller, id: string): Promise<void>;
  /** The contract as sent: shown to the signers and sealed (stored on the workflow at send). */
  signingSnapshot(
    businessId: string,
    id: string,
  ): Promise<{ document: Document; model: PdfDocumentModel; businessName: string }>;
  pdf(caller: BusinessCaller, id: string): Promise<string>;
  pdfModel(businessId: string, id: string): Promise<PdfDocumentModel>;
  /** The contract becomes completed (in the caller's transaction). */
  completeAnswered(businessId: string, id: string, tx: Executor): Promise<void>;
}

/** Where the sealed PDF is kept: the business's file manager (files module). */
export interface SignatureFiles {
  storePdf(businessId: string, uploadedBy: string | null, name: string, bytes: Buffer): Promise<string>;
  readFile(businessId: string, fileId: string): Promise<Buffer | null>;
  removeFile(businessId: string, fileId: string): Promise<void>;
}

/** SIG-PDF's sealing (modules/signatures/pdf): finalise a completed contract, verify a sealed PDF. */
export interface SignedPdfPort {
  finalize(input: FinalizeSignedPdfInput): Promise<FinalizedSignedPdf>;
  verify(pdf: Buffer): Promise<SealVerification>;
  /** The hash of the contract's content the signers saw (recorded at send, checked when sealing). */
  contentSha256?(model: PdfDocumentModel): string;
}

/** The job queue as signatures uses it (lib/jobs.ts JobQueue). */
export interface SignatureJobs {
  send(name: string, data: object, options?: { key?: string }): Promise<string | null>;
}

export interface SignaturesDeps extends Pick<Deps, 'config' | 'mailer' | 'secret'> {
  documents: SignatureDocuments;
  files: SignatureFiles;
  notifications: NotificationSender;
  /** Without it a completed workflow waits for its seal (signed-pdf answers 503) and the sweep tries again. */
  signedPdf?: SignedPdfPort;
  /** The documents renderer: the signer's PDF is drawn from the snapshot taken at send. */
  renderPdf?: (model: PdfDocumentModel) => Promise<Uint8Array>;
  jobs?: SignatureJobs;
  log?: (err: unknown, msg: string) => void;
  /** document.signed for automations, in the completing signature's transaction (lib/domain-events.ts). */
  events?: DomainEvents;
}

const DAY_MS = 86_400_000;
/** The seal job's queue (a failed seal is retried by the job and by each sweep). */
export const SEAL_QUEUE = 'signatures-seal';
export const SWEEP_QUEUE = 'signatures-sweep';
/** How often expiries and reminders are looked for. */
export const SWEEP_INTERVAL_MS = 5 * 60_000;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const sha256Hex = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');
const invalid = (details: FieldError[], message: string = M.invalidData) =>
  new AppError('VALIDATION_ERROR', message, details);
const isOpen = (status: WorkflowStatus) => (OPEN_STATUSES as readonly string[]).includes(status);
const userName = (caller: AuthContext) => `${caller.user.firstName ?? ''} ${caller.user.lastName ?? ''}`.trim();

/** A signer's turn: any order — always; sequential — the first signer (by position) who has not signed. */
function currentSigner(workflow: WorkflowRow, signers: SignerRow[]): SignerRow | null {
  if (workflow.signingOrder === 'any') return null;
  return signers.find((s) => s.status !== 'signed') ?? null;
}
function isTurnOf(workflow: WorkflowRow, signers: SignerRow[], signer: SignerRow): boolean {
  if (workflow.signingOrder === 'any') return true;
  return currentSigner(workflow, signers)?.id === signer.id;
}

/**
 * Checks a drawn signature: a data URL (or bare base64) of a PNG — by its bytes, not its claim — of at most
 * LIMITS.maxDrawingBytes and LIMITS.maxDrawingWidth × maxDrawingHeight pixels. Answers the PNG's bytes.
 */
export function drawnPng(image: string): Buffer {
  const field = 'signature.image';
  const match = /^data:([^;,]+);base64,(.*)$/s.exec(image.trim());
  if (match && match[1] !== 'image/png') throw invalid([{ field, message: M.drawingNotPng }], M.invalidSignature);
  const b64 = (match ? match[2]! : image).replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64)) throw invalid([{ field, message: M.drawingNotPng }], M.invalidSignature);
  const bytes = Buffer.from(b64, 'base64');
  if (bytes.length > LIMITS.maxDrawingBytes) throw invalid([{ field, message: M.drawingTooLarge }], M.invalidSignature);
  const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  const isPng =
    bytes.length >= 33 && PNG.every((b, i) => bytes[i] === b) && bytes.subarray(12, 16).toString('latin1') === 'IHDR';
  if (!isPng) throw invalid([{ field, message: M.drawingNotPng }], M.invalidSignature);
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  if (width === 0 || height === 0 || width > LIMITS.maxDrawingWidth || height > LIMITS.maxDrawingHeight) {
    throw invalid([{ field, message: M.drawingTooWide }], M.invalidSignature);
  }
  // The header alone is not enough: a PNG whose image data is missing or corrupt would be accepted here and then
  // refused by the seal on every try, leaving a completed workflow without its signed PDF.
  if (pngProblem(bytes)) throw invalid([{ field, message: M.drawingNotPng }], M.invalidSignature);
  return bytes;
}

/**
 * Signature workflows (docs/requirements.md "Signatures server"): a contract sent to its signers in order, each by a
 * single-use expiring link (the owner's signer in the app), ESIGN consent, drawn or typed signatures, an append-only
 * hash-chained audit trail, and on completion the sealed PDF in the file manager and a SIGNATURE_COMPLETED
 * notification. Every write to a workflow takes its row lock first, so its audit entries and state changes are
 * serialised and two last signatures at once complete it once.
 */
export class SignaturesService {
  private readonly linkKey: Buffer;
  private readonly sealing = new Map<string, Promise<void>>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly repo: SignaturesRepository,
    private readonly deps: SignaturesDeps,
  ) {
    this.linkKey = createHmac('sha256', deps.secret).update('atrium:signature-link').digest();
  }

  // ---- tokens ----

  /** A signer's link token: derived from the app secret, the signer and a nonce, so a reminder mails the same link. */
  private tokenOf(signerId: string, nonce: string): string {
    return SIGNER_TOKEN_PREFIX + createHmac('sha256', this.linkKey).update(`${signerId}.${nonce}`).digest('base64url');
  }

  private linkOf(documentId: string, token: string): string {
    return `${this.deps.config.appUrl}/documents/view/${encodeURIComponent(documentId)}?token=${token}`;
  }

  // ---- audit ----

  /** Appends one entry to the workflow's chain, in `tx` (which holds the workflow's row lock). */
  private async audit(
    tx: Executor,
    workflow: Pick<WorkflowRow, 'id' | 'businessId'>,
    event: AuditEvent,
    who: { actor: string; actorName?: string | null; signerId?: string | null },
    meta: RequestMeta | null,
    data: Record<string, unknown> = {},
    at: Date = new Date(),
  ): Promise<void> {
    const last = await this.repo.lastAudit(workflow.id, tx);
    const facts: AuditFacts = {
      workflowId: workflow.id,
      sequence: (last?.sequence ?? 0) + 1,
      event,
      actor: who.actor,
      actorName: who.actorName ?? null,
      signerId: who.signerId ?? null,
      at: new Date(Math.floor(at.getTime())),
      ip: meta?.ip ?? null,
      userAgent: meta?.userAgent ?? null,
      data,
    };
    const prevHash = last?.hash ?? GENESIS_HASH;
    await this.repo.insertAudit(
      { ...facts, businessId: workflow.businessId, prevHash, hash: entryHash(facts, prevHash) },
      tx,
    );
  }

  private toChained(row: AuditRow): ChainedEntry {
    return {
      workflowId: row.workflowId,
      sequence: row.sequence,
      event: row.event,
      actor: row.actor,
      actorName: row.actorName,
      signerId: row.signerId,
      at: row.at,
      ip: row.ip,
      userAgent: row.userAgent,
      data: row.data,
      prevHash: row.prevHash,
      hash: row.hash,
    };
  }

  // ---- answers ----

  private toSigner(s: SignerRow): WorkflowSigner {
    return {
      _id: s.id,
      order: s.position,
      role: s.role,
      name: s.name,
      email: s.email,
      contactId: s.contactId,
      userId: s.userId,
      status: s.status,
      invitedAt: iso(s.invitedAt),
      openedAt: iso(s.openedAt),
      consentedAt: iso(s.consentedAt),
      disclosureVersion: s.consentVersion,
      signedAt: iso(s.signedAt),
      signatureKind: s.signatureKind,
      typedName: s.typedName,
      declinedAt: iso(s.declinedAt),
      declineReason: s.declineReason,
      lastRemindedAt: iso(s.lastRemindedAt),
    };
  }

  private toSummary(w: WorkflowRow, stats: Pick<WorkflowListRow, 'signerCount' | 'signedCount' | 'signerNames'>) {
    const summary: WorkflowSummary = {
      _id: w.id,
      documentId: w.documentId,
      documentTitle: w.documentTitle,
      status: w.status,
      signingOrder: w.signingOrder,
      expiresAt: w.expiresAt.toISOString(),
      reminderIntervalDays: w.reminderIntervalDays,
      createdBy: w.createdBy,
      createdAt: w.createdAt.toISOString(),
      updatedAt: w.updatedAt.toISOString(),
      sentAt: iso(w.sentAt),
      completedAt: iso(w.completedAt),
      voidedAt: iso(w.voidedAt),
      ...stats,
    };
    return summary;
  }

  private async toWorkflow(w: WorkflowRow): Promise<Workflow> {
    const [signers, audit] = await Promise.all([this.repo.signersOf(w.id), this.repo.auditOf(w.id)]);
    const current = isOpen(w.status) && w.status !== 'draft' ? currentSigner(w, signers) : null;
    return {
      ...this.toSummary(w, {
        signerCount: signers.length,
        signedCount: signers.filter((s) => s.status === 'signed').length,
        signerNames: signers.map((s) => s.name),
      }),
      message: w.message,
      voidReason: w.voidReason,
      signers: signers.map((s) => this.toSigner(s)),
      audit: audit.map((a): AuditEntry => ({
        sequence: a.sequence,
        event: a.event,
        actor: a.actor,
        actorName: a.actorName,
        signerId: a.signerId,
        at: a.at.toISOString(),
        ip: a.ip,
        userAgent: a.userAgent,
        data: a.data,
        prevHash: a.prevHash,
        hash: a.hash,
      })),
      signedFileId: w.signedFileId,
      signedSha256: w.signedSha256,
      currentSignerId: current?.id ?? null,
    };
  }

  // ---- reads ----

  async list(
    caller: BusinessCaller,
    params: WorkflowListParamsData,
  ): Promise<{ data: WorkflowSummary[]; pagination: Pagination }> {
    const { rows, total } = await this.repo.list(caller.businessId, params);
    return {
      data: rows.map((r) => this.toSummary(r, r)),
      pagination: makePagination(total, params.page, params.limit),
    };
  }

  private async require(businessId: string, id: string, db?: Executor, lock = false): Promise<WorkflowRow> {
    const row = await this.repo.find(businessId, id, db, lock);
    if (!row) throw new AppError('NOT_FOUND', M.notFound);
    return row;
  }

  async get(caller: BusinessCaller, id: string): Promise<Workflow> {
    return this.toWorkflow(await this.require(caller.businessId, id));
  }

  /** The document's latest workflow; 404 when it has none (the client passes that 404 quietly). */
  async byDocument(caller: BusinessCaller, documentId: string): Promise<Workflow> {
    const row = await this.repo.latestOfDocument(caller.businessId, documentId);
    if (!row) throw new AppError('NOT_FOUND', M.noneForDocument);
    return this.toWorkflow(row);
  }

  /**
   * The contract as its signers see it: the snapshot taken at send; for a draft (nothing sent yet) or a workflow sent
   * before snapshots, the document as it is now (`asSent: false`).
   */
  async document(caller: BusinessCaller, id: string): Promise<WorkflowDocumentAnswer> {
    const workflow = await this.require(caller.businessId, id);
    const snapshot = this.snapshotOf(workflow);
    if (snapshot) return { document: snapshot.document, business: { name: snapshot.businessName }, asSent: true };
    const { document } = await this.deps.documents.preview(caller, workflow.documentId);
    const { contactId: _c, projectId: _p, templateId: _t, isTemplate: _i, ...visible } = document;
    return { document: visible, business: { name: await this.businessNameOf(workflow) }, asSent: false };
  }

  /** That contract's PDF (before signatures), base64: drawn from the snapshot when there is one. */
  async documentPdf(caller: BusinessCaller, id: string): Promise<string> {
    return this.pdfOf(await this.require(caller.businessId, id));
  }

  private async pdfOf(workflow: WorkflowRow): Promise<string> {
    const snapshot = this.snapshotOf(workflow);
    if (snapshot) {
      if (!this.deps.renderPdf) throw new AppError('SERVICE_UNAVAILABLE', 'PDF rendering is not available');
      return Buffer.from(await this.deps.renderPdf(snapshot.model)).toString('base64');
    }
    const caller = { businessId: workflow.businessId, userId: workflow.createdBy ?? '' };
    return this.deps.documents.pdf(caller, workflow.documentId);
  }

  // ---- owner's writes ----

  private requireManager(caller: AuthContext): void {
    if (caller.role !== 'owner' && caller.role !== 'admin') {
      throw new AppError('FORBIDDEN', 'Only the business owner or an admin can manage signature workflows');
    }
  }

  /**
   * A draft workflow for a contract of the caller's business. Signers given, or the contract's own (clients first,
   * then the owner; a client without an email takes the document's contact's). Nothing is stored on a refusal.
   */
  async create(caller: AuthContext, input: WorkflowCreateData, meta: RequestMeta): Promise<Workflow> {
    this.requireManager(caller);
    const doc = await this.deps.documents.get(caller, input.documentId).catch((err: unknown) => {
      if (err instanceof AppError && err.code === 'NOT_FOUND') throw new AppError('NOT_FOUND', M.documentNotFound);
      throw err;
    });
    if (doc.isTemplate) throw new AppError('CONFLICT', M.templateNotSignable);
    if (doc.type !== 'contract') throw new AppError('CONFLICT', M.notContract);
    if (doc.status === 'completed' || doc.status === 'expired' || doc.status === 'paid') {
      throw new AppError('CONFLICT', M.documentClosed);
    }

    const signers = input.signers?.length
      ? input.signers.map((s) => ({ ...s, contactId: s.contactId ?? null }))
      : this.signersOfDocument(doc, caller);
    if (!signers.length) throw invalid([{ field: 'signers', message: M.signersRequired }]);
    const problems: FieldError[] = [];
    signers.forEach((s, i) => {
      if (!s.name) problems.push({ field: `signers.${i}.name`, message: M.nameRequired });
      if (s.role === 'client' && !s.email) problems.push({ field: `signers.${i}.email`, message: M.clientNeedsEmail });
      if (s.contactId && s.contactId !== doc.contactId) {
        problems.push({ field: `signers.${i}.contactId`, message: 'Only the contract’s own contact can be linked' });
      }
    });
    if (signers.filter((s) => s.role === 'owner').length > 1) {
      problems.push({ field: 'signers', message: M.oneOwner });
    }
    const now = Date.now();
    const expiresAt = input.expiresAt ? new Date(input.expiresAt) : new Date(now + LIMITS.defaultExpiryDays * DAY_MS);
    if (expiresAt.getTime() <= now) problems.push({ field: 'expiresAt', message: M.expiryPast });
    else if (expiresAt.getTime() > now + LIMITS.maxExpiryDays * DAY_MS) {
      problems.push({ field: 'expiresAt', message: M.expiryTooFar });
    }
    if (problems.length) throw invalid(problems);

    const id = await this.repo.transaction(async (tx) => {
      if (await this.repo.openOfDocument(caller.businessId, doc._id, tx)) {
        throw new AppError('CONFLICT', M.activeExists);
      }
      const rows: Omit<SignerInsert, 'workflowId'>[] = signers.map((s, i) => ({
        businessId: caller.businessId,
        position: i + 1,
        role: s.role,
        name: s.name,
        email: s.email,
        contactId: s.contactId,
      }));
      const workflowId = await this.repo
        .insert(
          {
            businessId: caller.businessId,
            documentId: doc._id,
            documentTitle: doc.title,
            createdBy: caller.userId,
            signingOrder: input.signingOrder,
            message: input.message,
            expiresAt,
            reminderIntervalDays: input.reminderIntervalDays,
          },
          rows,
          tx,
        )
        .catch((err: unknown) => {
          // The partial unique index: another create for this document won the race.
          if ((err as { code?: string }).code === '23505') throw new AppError('CONFLICT', M.activeExists);
          throw err;
        });
      await this.audit(
        tx,
        { id: workflowId, businessId: caller.businessId },
        'created',
        { actor: `owner:${caller.userId}`, actorName: userName(caller) || caller.user.email },
        meta,
        {
          documentId: doc._id,
          documentTitle: doc.title,
          signingOrder: input.signingOrder,
          signers: signers.map((s, i) => ({ order: i + 1, role: s.role, name: s.name, email: s.email })),
          expiresAt: expiresAt.toISOString(),
        },
      );
      return workflowId;
    });
    return this.toWorkflow(await this.require(caller.businessId, id));
  }

  private signersOfDocument(doc: Document, caller: AuthContext) {
    const ordered = [
      ...doc.signers.filter((s) => s.role === 'client'),
      ...doc.signers.filter((s) => s.role === 'owner'),
    ];
    return ordered.map((s) => {
      if (s.role === 'client') {
        return {
          role: s.role,
          name: s.name || doc.contact?.name || '',
          email: s.email || doc.contact?.email || '',
          contactId: doc.contactId,
        };
      }
      return {
        role: s.role,
        name: s.name || (caller.role === 'owner' ? userName(caller) : '') || 'Business owner',
        email: s.email || (caller.role === 'owner' ? caller.user.email : ''),
        contactId: null,
      };
    });
  }

  /**
   * Sends a draft: the document is sent (its content frozen), the workflow becomes sent, and the first signer
   * (sequential) or every signer (any order) is invited. E-mails go after the commit; a failure is answered per
   * signer ('failed') and the send stands (remind sends again).
   */
  async send(caller: AuthContext, id: string, meta: RequestMeta): Promise<WorkflowSendAnswer> {
    this.requireManager(caller);
    const first = await this.require(caller.businessId, id);
    if (first.status !== 'draft') throw new AppError('CONFLICT', M.notDraft);
    if (first.expiresAt <= new Date()) throw invalid([{ field: 'expiresAt', message: M.expiryPast }]);
    // The contract is frozen through the documents module (status sent, no public link, no e-mail of its own), then
    // taken as it is now: the snapshot is what the signers see and what is sealed, and its model's hash is recorded.
    await this.deps.documents.freeze(caller, first.documentId);
    const taken = await this.deps.documents.signingSnapshot(first.businessId, first.documentId);
    const { contactId: _c, projectId: _p, templateId: _t, isTemplate: _i, ...visible } = taken.document;
    const snapshot = snapshotToJson({ model: taken.model, document: visible, businessName: taken.businessName });
    // The hash of the model as stored (what the seal will read back), not of the one in memory.
    const contentSha256 = this.contentHash(snapshotFromJson(snapshot)!.model);
    const invites = await this.repo.transaction(async (tx) => {
      const workflow = await this.require(caller.businessId, id, tx, true);
      if (workflow.status !== 'draft') throw new AppError('CONFLICT', M.notDraft);
      const now = new Date();
      await this.repo.update(
        workflow.id,
        { status: 'sent', sentAt: now, documentSha256: contentSha256, documentSnapshot: snapshot },
        tx,
      );
      await this.audit(
        tx,
        workflow,
        'sent',
        { actor: `owner:${caller.userId}`, actorName: userName(caller) || caller.user.email },
        meta,
        { documentSha256: contentSha256 },
        now,
      );
      const signers = await this.repo.signersOf(workflow.id, tx);
      const toInvite = workflow.signingOrder === 'any' ? signers : signers.slice(0, 1);
      const out: Invite[] = [];
      for (const s of toInvite) out.push(await this.invite(tx, workflow, s, now, signers.length === 1));
      return out;
    });
    const results = await this.mailInvites(invites);
    const workflow = await this.toWorkflow(await this.require(caller.businessId, id));
    return {
      workflow,
      invitations: workflow.signers.map((s) => ({
        signerId: s._id,
        email: results.get(s._id) ?? 'waiting',
      })),
    };
  }

  private contentHash(model: PdfDocumentModel): string | null {
    const hash = this.deps.signedPdf?.contentSha256;
    if (!hash) return null;
    try {
      return hash(model);
    } catch (err) {
      this.deps.log?.(err, 'signatures: content hash failed');
      return null;
    }
  }

  /** The contract as sent (null for a workflow sent before snapshots were taken: the live document then). */
  private snapshotOf(workflow: WorkflowRow): SigningSnapshot | null {
    return snapshotFromJson(workflow.documentSnapshot);
  }

  /**
   * Gives a signer their link (a client) or their turn (the owner's signer), in `tx`: status sent, the token's hash
   * and expiry, and an audit entry. Answers what to mail after the commit.
   */
  private async invite(
    tx: Executor,
    workflow: WorkflowRow,
    signer: SignerRow,
    now: Date,
    othersSigned = false,
  ): Promise<Invite> {
    if (signer.role === 'owner') {
      await this.repo.updateSigner(signer.id, { status: 'sent', invitedAt: now }, tx);
      await this.audit(tx, workflow, 'sent', { actor: 'system', signerId: signer.id, actorName: signer.name }, null, {
        channel: 'in_app',
      });
      return { kind: 'owner', workflow, signer, othersSigned };
    }
    const nonce = randomBytes(16).toString('base64url');
    const token = this.tokenOf(signer.id, nonce);
    await this.repo.updateSigner(
      signer.id,
      {
        status: 'sent',
        invitedAt: now,
        tokenNonce: nonce,
        tokenHash: sha256Hex(token),
        tokenExpiresAt: workflow.expiresAt,
      },
      tx,
    );
    await this.audit(tx, workflow, 'sent', { actor: 'system', signerId: signer.id, actorName: signer.name }, null, {
      channel: 'email',
      email: signer.email,
    });
    return { kind: 'client', workflow, signer, token };
  }

  /** Mails the invitations (after the commit); answers per signer what happened. */
  private async mailInvites(invites: Invite[], reminder = false): Promise<Map<string, 'sent' | 'failed' | 'in_app'>> {
    const out = new Map<string, 'sent' | 'failed' | 'in_app'>();
    for (const inv of invites) {
      const { signer, workflow } = inv;
      try {
        if (inv.kind === 'owner') {
          out.set(signer.id, 'in_app');
          if (signer.email) {
            await this.deps.mailer.send(
              ownerTurnMail({
                to: signer.email,
                documentTitle: workflow.documentTitle,
                othersSigned: inv.othersSigned,
                link: `${this.deps.config.appUrl}/signatures/workflows/${encodeURIComponent(workflow.id)}/business-owner-sign`,
              }),
            );
          }
          continue;
        }
        await this.deps.mailer.send(
          signingInvitationMail({
            to: signer.email,
            signerName: signer.name,
            businessName: await this.businessNameOf(workflow),
            documentTitle: workflow.documentTitle,
            link: this.linkOf(workflow.documentId, inv.token),
            expiresAt: workflow.expiresAt,
            message: workflow.message,
            reminder,
          }),
        );
        out.set(signer.id, 'sent');
      } catch (err) {
        this.deps.log?.(err, 'signatures: invitation email failed');
        if (inv.kind === 'client') out.set(signer.id, 'failed');
      }
    }
    return out;
  }

  private async businessNameOf(workflow: WorkflowRow): Promise<string> {
    const snapshot = this.snapshotOf(workflow);
    if (snapshot) return snapshot.businessName;
    try {
      const model = await this.deps.documents.pdfModel(workflow.businessId, workflow.documentId);
      return model.business.name ?? '';
    } catch {
      return '';
    }
  }

  /** E-mails again every invited client signer who has not signed (the same link), and records it. */
  async remind(caller: AuthContext, id: string, meta: RequestMeta): Promise<WorkflowSendAnswer> {
    this.requireManager(caller);
    const invites = await this.repo.transaction(async (tx) => {
      const workflow = await this.require(caller.businessId, id, tx, true);
      if (workflow.status !== 'sent' && workflow.status !== 'in_progress') throw new AppError('CONFLICT', M.notOpen);
      if (workflow.expiresAt <= new Date()) throw new AppError('CONFLICT', M.linkExpired);
      const signers = await this.repo.signersOf(workflow.id, tx);
      return this.remindIn(
        tx,
        workflow,
        signers,
        { actor: `owner:${caller.userId}`, actorName: userName(caller) },
        meta,
      );
    });
    const results = await this.mailInvites(invites, true);
    const workflow = await this.toWorkflow(await this.require(caller.businessId, id));
    return {
      workflow,
      invitations: workflow.signers.map((s) => ({ signerId: s._id, email: results.get(s._id) ?? 'waiting' })),
    };
  }

  private async remindIn(
    tx: Executor,
    workflow: WorkflowRow,
    signers: SignerRow[],
    who: { actor: string; actorName?: string | null },
    meta: RequestMeta | null,
    only?: string,
    now: Date = new Date(),
  ): Promise<Invite[]> {
    const out: Invite[] = [];
    for (const s of signers) {
      if (only && s.id !== only) continue;
      if (s.role !== 'client' || !s.tokenNonce || !['sent', 'opened', 'consented'].includes(s.status)) continue;
      await this.repo.updateSigner(s.id, { lastRemindedAt: now }, tx);
      await this.audit(tx, workflow, 'reminded', who, meta, { signerId: s.id, email: s.email }, now);
      out.push({ kind: 'client', workflow, signer: s, token: this.tokenOf(s.id, s.tokenNonce) });
    }
    return out;
  }

  /** Voids an open workflow: its links answer SIGNATURE_VOIDED from now on. */
  async void(caller: AuthContext, id: string, reason: string, meta: RequestMeta): Promise<Workflow> {
    this.requireManager(caller);
    await this.repo.transaction(async (tx) => {
      const workflow = await this.require(caller.businessId, id, tx, true);
      if (!isOpen(workflow.status)) throw new AppError('CONFLICT', M.cannotVoid);
      const now = new Date();
      await this.repo.update(workflow.id, { status: 'voided', voidedAt: now, voidReason: reason || null }, tx);
      await this.audit(
        tx,
        workflow,
        'voided',
        { actor: `owner:${caller.userId}`, actorName: userName(caller) || caller.user.email },
        meta,
        { reason },
        now,
      );
    });
    return this.get(caller, id);
  }

  // ---- the business owner's own signing (session) ----

  private async ownerSigner(caller: AuthContext, id: string, tx: Executor) {
    if (caller.role !== 'owner') throw new AppError('FORBIDDEN', M.notOwner);
    const workflow = await this.require(caller.businessId, id, tx, true);
    this.requireSignable(workflow);
    const signers = await this.repo.signersOf(workflow.id, tx);
    const signer = signers.find((s) => s.role === 'owner');
    if (!signer) throw new AppError('CONFLICT', M.noOwnerSigner);
    // The owner's signer row is one person's: the first owner who consents. Another owner is refused.
    if (signer.userId && signer.userId !== caller.userId) throw new AppError('FORBIDDEN', M.anotherOwnerSigns);
    if (signer.status === 'signed' || signer.status === 'declined') throw new AppError('SIGNATURE_LINK_USED');
    return { workflow, signers, signer };
  }

  /** The workflow takes signatures: sent or in progress, not past its expiry. */
  private requireSignable(workflow: WorkflowRow): void {
    if (workflow.status === 'voided') throw new AppError('SIGNATURE_VOIDED', M.voided);
    if (workflow.status === 'declined') throw new AppError('SIGNATURE_DECLINED', M.declinedByOther);
    if (workflow.status === 'expired' || (isOpen(workflow.status) && workflow.expiresAt <= new Date())) {
      throw new AppError('GONE', M.linkExpired);
    }
    if (workflow.status === 'completed') throw new AppError('SIGNATURE_LINK_USED', M.completedAlready);
    if (workflow.status === 'draft') throw new AppError('CONFLICT', M.notOpen);
  }

  async ownerConsent(caller: AuthContext, id: string, input: ConsentInput, meta: RequestMeta): Promise<Workflow> {
    await this.repo.transaction(async (tx) => {
      const { workflow, signer } = await this.ownerSigner(caller, id, tx);
      // Bound to this owner in the consent's own write (the row is locked with its workflow).
      await this.consentIn(
        tx,
        workflow,
        signer,
        input,
        meta,
        { actor: `owner:${caller.userId}`, actorName: signer.name, signerId: signer.id },
        { userId: caller.userId },
      );
    });
    return this.get(caller, id);
  }

  async ownerSign(caller: AuthContext, id: string, signature: SignatureInput, meta: RequestMeta): Promise<Workflow> {
    const png = signature.kind === 'drawn' ? drawnPng(signature.image) : null;
    const outcome = await this.repo.transaction(async (tx) => {
      const { workflow, signers, signer } = await this.ownerSigner(caller, id, tx);
      if (!isTurnOf(workflow, signers, signer)) throw new AppError('SIGNATURE_NOT_YOUR_TURN', M.notYourTurn);
      // The signer's own consent: a consent without its owner (recorded before owners were bound) does not count.
      if (signer.userId !== caller.userId) throw new AppError('CONFLICT', M.consentRequired);
      return this.signIn(tx, workflow, signers, signer, signature, png, meta, {
        actor: `owner:${caller.userId}`,
        actorName: signer.name,
        signerId: signer.id,
        userId: caller.userId,
      });
    });
    await this.afterSign(outcome);
    return this.get(caller, id);
  }

  // ---- the signer's link (no session) ----

  /**
   * The signer behind a link, checked: unknown or forged token, or another document's → 404; then, in this order,
   * a voided workflow → SIGNATURE_VOIDED, declined by another → SIGNATURE_DECLINED, already signed or declined by
   * this signer (or completed) → SIGNATURE_LINK_USED, expired → GONE.
   */
  private async linkSigner(documentId: string, token: string, tx?: Executor) {
    if (!token.startsWith(SIGNER_TOKEN_PREFIX)) throw new AppError('NOT_FOUND', M.linkNotFound);
    const found = await this.repo.signerByTokenHash(sha256Hex(token), tx);
    if (!found) throw new AppError('NOT_FOUND', M.linkNotFound);
    const workflow = await this.repo.byId(found.workflowId, tx, Boolean(tx));
    if (!workflow || workflow.documentId !== documentId) throw new AppError('NOT_FOUND', M.linkNotFound);
    const signers = await this.repo.signersOf(workflow.id, tx);
    const signer = signers.find((s) => s.id === found.id)!;
    if (workflow.status === 'voided') throw new AppError('SIGNATURE_VOIDED', M.voided);
    if (signer.status === 'signed' || signer.status === 'declined' || workflow.status === 'completed') {
      throw new AppError('SIGNATURE_LINK_USED', M.linkUsed);
    }
    if (workflow.status === 'declined') throw new AppError('SIGNATURE_DECLINED', M.declinedByOther);
    const expiry = signer.tokenExpiresAt ?? workflow.expiresAt;
    if (workflow.status === 'expired' || expiry <= new Date() || workflow.expiresAt <= new Date()) {
      throw new AppError('GONE', M.linkExpired);
    }
    return { workflow, signers, signer };
  }

  /** What the signer sees; the first open records "opened". */
  async session(documentId: string, token: string, meta: RequestMeta): Promise<SigningSession> {
    let { workflow, signers, signer } = await this.linkSigner(documentId, token);
    if (!signer.openedAt) {
      await this.repo.transaction(async (tx) => {
        const locked = await this.linkSigner(documentId, token, tx);
        if (locked.signer.openedAt) return;
        const now = new Date();
        await this.repo.updateSigner(
          locked.signer.id,
          { openedAt: now, ...(locked.signer.status === 'sent' ? { status: 'opened' as const } : {}) },
          tx,
        );
        await this.audit(tx, locked.workflow, 'opened', this.signerActor(locked.signer), meta, {}, now);
      });
      ({ workflow, signers, signer } = await this.linkSigner(documentId, token));
    }
    const snapshot = this.snapshotOf(workflow);
    let visible: SigningSession['document'];
    if (snapshot) visible = snapshot.document;
    else {
      const caller = { businessId: workflow.businessId, userId: workflow.createdBy ?? '' };
      const { document } = await this.deps.documents.preview(caller, workflow.documentId);
      const { contactId: _c, projectId: _p, templateId: _t, isTemplate: _i, ...rest } = document;
      visible = rest;
    }
    return {
      workflow: {
        _id: workflow.id,
        status: workflow.status,
        signingOrder: workflow.signingOrder,
        expiresAt: workflow.expiresAt.toISOString(),
        message: workflow.message,
      },
      document: visible,
      business: { name: await this.businessNameOf(workflow) },
      signer: {
        _id: signer.id,
        name: signer.name,
        email: signer.email,
        role: signer.role,
        status: signer.status,
        consentedAt: iso(signer.consentedAt),
        disclosureVersion: signer.consentVersion,
        signedAt: iso(signer.signedAt),
      },
      signers: signers.map((s) => ({ order: s.position, name: s.name, role: s.role, status: s.status })),
      yourTurn: isTurnOf(workflow, signers, signer),
      disclosure: { version: ESIGN_DISCLOSURE.version, url: '/legal/esign-disclosure' },
    };
  }

  /** The contract's PDF through the signer's link (before signing). */
  async sessionPdf(documentId: string, token: string): Promise<string> {
    const { workflow } = await this.linkSigner(documentId, token);
    return this.pdfOf(workflow);
  }

  private signerActor(signer: SignerRow) {
    return {
      actor: `signer:${signer.id}`,
      actorName: signer.email ? `${signer.name} <${signer.email}>` : signer.name,
      signerId: signer.id,
    };
  }

  async publicConsent(documentId: string, token: string, input: ConsentInput, meta: RequestMeta) {
    return this.repo.transaction(async (tx) => {
      const { workflow, signer } = await this.linkSigner(documentId, token, tx);
      const consented = await this.consentIn(tx, workflow, signer, input, meta, this.signerActor(signer));
      return this.stepAnswer(workflow.status, consented);
    });
  }

  async publicSign(documentId: string, token: string, signature: SignatureInput, meta: RequestMeta) {
    const png = signature.kind === 'drawn' ? drawnPng(signature.image) : null;
    const outcome = await this.repo.transaction(async (tx) => {
      const { workflow, signers, signer } = await this.linkSigner(documentId, token, tx);
      if (!isTurnOf(workflow, signers, signer)) throw new AppError('SIGNATURE_NOT_YOUR_TURN', M.notYourTurn);
      return this.signIn(tx, workflow, signers, signer, signature, png, meta, this.signerActor(signer));
    });
    await this.afterSign(outcome);
    return this.stepAnswer(outcome.workflowStatus, outcome.signer);
  }

  async publicDecline(documentId: string, token: string, reason: string, meta: RequestMeta) {
    const answer = await this.repo.transaction(async (tx) => {
      const { workflow, signer } = await this.linkSigner(documentId, token, tx);
      const now = new Date();
      await this.repo.updateSigner(signer.id, { status: 'declined', declinedAt: now, declineReason: reason }, tx);
      await this.repo.update(workflow.id, { status: 'declined', declinedAt: now }, tx);
      await this.audit(tx, workflow, 'declined', this.signerActor(signer), meta, { reason }, now);
      await this.deps.notifications.send(
        {
          businessId: workflow.businessId,
          type: 'DOCUMENT',
          title: 'Signature declined',
          message: `${signer.name} declined to sign "${workflow.documentTitle}": ${reason}`.slice(0, 500),
          data: { workflowId: workflow.id, url: `/signatures/workflows/${workflow.id}` },
          to: { role: 'owners' },
        },
        tx,
      );
      return this.stepAnswer('declined', { ...signer, status: 'declined', declinedAt: now });
    });
    return answer;
  }

  private stepAnswer(workflowStatus: WorkflowStatus, s: SignerRow): SigningStepAnswer {
    return {
      signerStatus: s.status,
      workflowStatus,
      consentedAt: iso(s.consentedAt),
      signedAt: iso(s.signedAt),
      declinedAt: iso(s.declinedAt),
    };
  }

  // ---- the steps, shared by the link and the owner ----

  /** Records the ESIGN consent (version, time, IP, user agent) once; a second consent changes nothing. */
  private async consentIn(
    tx: Executor,
    workflow: WorkflowRow,
    signer: SignerRow,
    input: ConsentInput,
    meta: RequestMeta,
    who: { actor: string; actorName?: string | null; signerId?: string | null },
    bind: { userId?: string } = {},
  ): Promise<SignerRow> {
    if (input.disclosureVersion !== ESIGN_DISCLOSURE.version) {
      throw invalid([{ field: 'disclosureVersion', message: M.disclosureChanged }], M.disclosureChanged);
    }
    // Once per signer; an owner's consent recorded without its owner (before the binding) is taken again, bound.
    if (signer.consentedAt && !(bind.userId && !signer.userId)) return signer;
    const now = new Date();
    const patch = {
      status: 'consented' as const,
      consentedAt: now,
      consentVersion: input.disclosureVersion,
      consentIp: meta.ip,
      consentUserAgent: meta.userAgent,
      openedAt: signer.openedAt ?? now,
      ...bind,
    };
    await this.repo.updateSigner(signer.id, patch, tx);
    await this.audit(tx, workflow, 'consented', who, meta, { disclosureVersion: input.disclosureVersion }, now);
    return { ...signer, ...patch };
  }

  /**
   * Records a signature (after consent, in turn), moves the workflow on: in progress, the next signer invited
   * (sequential), or — the last one — completed: the document completed, "completed" audited and the owners told,
   * all in `tx`. The seal and the e-mails follow after the commit (afterSign).
   */
  private async signIn(
    tx: Executor,
    workflow: WorkflowRow,
    signers: SignerRow[],
    signer: SignerRow,
    signature: SignatureInput,
    png: Buffer | null,
    meta: RequestMeta,
    who: { actor: string; actorName?: string | null; signerId?: string | null; userId?: string },
  ): Promise<SignOutcome> {
    if (!signer.consentedAt) throw new AppError('CONFLICT', M.consentRequired);
    const now = new Date();
    const patch = {
      status: 'signed' as const,
      signedAt: now,
      signedIp: meta.ip,
      signedUserAgent: meta.userAgent,
      signatureKind: signature.kind,
      signaturePng: png,
      typedName: signature.kind === 'typed' ? signature.name : null,
      ...(who.userId ? { userId: who.userId } : {}),
    };
    await this.repo.updateSigner(signer.id, patch, tx);
    const signed = { ...signer, ...patch };
    await this.audit(
      tx,
      workflow,
      'signed',
      who,
      meta,
      {
        kind: signature.kind,
        ...(png ? { imageSha256: sha256Hex(png) } : { typedName: signature.kind === 'typed' ? signature.name : null }),
      },
      now,
    );
    const after = signers.map((s) => (s.id === signer.id ? signed : s));
    const remaining = after.filter((s) => s.status !== 'signed');
    if (remaining.length === 0) {
      const completedAt = new Date(now.getTime() + 1);
      await this.repo.update(workflow.id, { status: 'completed', completedAt }, tx);
      await this.audit(tx, workflow, 'completed', { actor: 'system' }, null, { signers: after.length }, completedAt);
      await this.deps.documents.completeAnswered(workflow.businessId, workflow.documentId, tx);
      await this.deps.notifications.send(
        {
          businessId: workflow.businessId,
          type: 'SIGNATURE_COMPLETED',
          title: 'Document signed',
          message: `Everyone signed "${workflow.documentTitle}"`,
          data: { workflowId: workflow.id, url: `/signatures/workflows/${workflow.id}` },
          to: { role: 'owners' },
          exceptUserId: null,
        },
        tx,
      );
      const contactId = after.find((s) => s.contactId)?.contactId ?? null;
      await this.deps.events?.emit(
        {
          businessId: workflow.businessId,
          type: 'document.signed',
          recordId: workflow.documentId,
          record: { documentId: workflow.documentId, title: workflow.documentTitle, contactId },
        },
        tx,
      );
      return { workflowId: workflow.id, workflowStatus: 'completed', signer: signed, invites: [] };
    }
    if (workflow.status === 'sent') await this.repo.update(workflow.id, { status: 'in_progress' }, tx);
    else await this.repo.update(workflow.id, {}, tx);
    const invites: Invite[] = [];
    if (workflow.signingOrder === 'sequential') {
      const next = remaining[0]!;
      if (next.status === 'pending') invites.push(await this.invite(tx, workflow, next, now, remaining.length === 1));
    }
    return { workflowId: workflow.id, workflowStatus: 'in_progress', signer: signed, invites };
  }

  private async afterSign(outcome: SignOutcome): Promise<void> {
    if (outcome.invites.length) await this.mailInvites(outcome.invites);
    if (outcome.workflowStatus === 'completed') await this.sealSoon(outcome.workflowId);
  }

  // ---- the seal ----

  /** Seals now (the signer waits ~1 s, then the PDF is there); on failure the job and the sweep try again. */
  private async sealSoon(workflowId: string): Promise<void> {
    try {
      await this.seal(workflowId);
    } catch (err) {
      this.deps.log?.(err, 'signatures: sealing the signed PDF failed; it will be tried again');
      await this.deps.jobs?.send(SEAL_QUEUE, { workflowId }, { key: workflowId }).catch(() => null);
    }
  }

  /**
   * The sealed PDF of a completed workflow, made once: SIG-PDF's finalize (signatures in place, the audit
   * certificate, the PAdES seal), stored in the business's file manager, its id and SHA-256 on the workflow. Runs
   * once per process at a time per workflow; across processes the conditional update keeps the first and the
   * loser's file is removed.
   */
  async seal(workflowId: string): Promise<void> {
    const running = this.sealing.get(workflowId);
    if (running) return running;
    const run = this.sealOnce(workflowId).finally(() => this.sealing.delete(workflowId));
    this.sealing.set(workflowId, run);
    return run;
  }

  private async sealOnce(workflowId: string): Promise<void> {
    const workflow = await this.repo.byId(workflowId);
    if (!workflow || workflow.status !== 'completed' || workflow.signedFileId) return;
    // A seal is made once: its hash was given out and is in the audit trail; a lost file is not silently replaced.
    if (workflow.signedSha256) throw new AppError('CONFLICT', M.sealedOnce);
    const port = this.deps.signedPdf;
    if (!port) throw new AppError('SERVICE_UNAVAILABLE', M.signingUnavailable);
    // The contract as sent (its hash is the one recorded at send), never the live document.
    const snapshot = this.snapshotOf(workflow);
    const [signers, audit, model] = await Promise.all([
      this.repo.signersOf(workflow.id),
      this.repo.auditOf(workflow.id),
      snapshot ? snapshot.model : this.deps.documents.pdfModel(workflow.businessId, workflow.documentId),
    ]);
    const pdfSigners: SignedPdfSigner[] = signers.map((s) => ({
      role: s.role,
      name: s.name,
      email: s.email,
      signature:
        s.signatureKind === 'drawn' && s.signaturePng
          ? { kind: 'drawn', png: new Uint8Array(s.signaturePng) }
          : { kind: 'typed', text: s.typedName ?? s.name },
      signedAt: (s.signedAt ?? workflow.completedAt ?? new Date()).toISOString(),
      ip: s.signedIp,
      userAgent: s.signedUserAgent,
      consent: {
        disclosureVersion: s.consentVersion ?? ESIGN_DISCLOSURE.version,
        consentedAt: (s.consentedAt ?? s.signedAt ?? new Date()).toISOString(),
        ip: s.consentIp,
        userAgent: s.consentUserAgent,
      },
    }));
    const sealed = await port
      .finalize({
        workflowId: workflow.id,
        businessName: model.business.name ?? '',
        document: model,
        ...(workflow.documentSha256 ? { expectedDocumentSha256: workflow.documentSha256 } : {}),
        signers: pdfSigners,
        audit: audit.map((a) => ({
          event: a.event,
          at: a.at.toISOString(),
          actor: a.actorName ?? (a.actor === 'system' ? 'System' : a.actor),
          ip: a.ip,
          userAgent: a.userAgent,
          hash: a.hash,
          previousHash: a.sequence === 1 ? null : a.prevHash,
        })),
        completedAt: (workflow.completedAt ?? new Date()).toISOString(),
      })
      .catch((err: unknown) => {
        // Refusals of the input are not a server failure: answered as 409 with what is wrong (and logged).
        if (err instanceof DocumentChangedError) {
          this.deps.log?.(err, 'signatures: the contract changed since it was sent');
          throw new AppError('CONFLICT', M.documentChanged);
        }
        if (err instanceof SignedPdfInputError) {
          this.deps.log?.(err, 'signatures: the signatures cannot be sealed');
          throw new AppError('CONFLICT', `${M.sealRefused}: ${err.message}`);
        }
        throw err;
      });
    const name = `${workflow.documentTitle.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'Contract'} (signed).pdf`;
    const fileId = await this.deps.files.storePdf(workflow.businessId, workflow.createdBy, name, sealed.pdf);
    const sha = sealed.sealedSha256 || sha256Hex(sealed.pdf);
    // Recorded once, with a 'sealed' entry (its SHA-256 and file) in the hash chain, under the workflow's lock.
    const stored = await this.repo.transaction(async (tx) => {
      const locked = await this.repo.byId(workflow.id, tx, true);
      if (!locked || locked.signedFileId || locked.signedSha256) return false;
      await this.repo.setSealed(workflow.id, fileId, sha, tx);
      await this.audit(tx, locked, 'sealed', { actor: 'system' }, null, {
        sha256: sha,
        fileId,
        documentSha256: sealed.documentSha256,
      });
      return true;
    });
    if (!stored) await this.deps.files.removeFile(workflow.businessId, fileId).catch(() => undefined);
  }

  /** The sealed PDF, base64 (sealed now if an earlier try failed). 409 until completed. */
  async signedPdf(caller: BusinessCaller, id: string): Promise<string> {
    return (await this.signedBytes(caller, id)).toString('base64');
  }

  private async signedBytes(caller: BusinessCaller, id: string): Promise<Buffer> {
    let workflow = await this.require(caller.businessId, id);
    if (workflow.status !== 'completed') throw new AppError('CONFLICT', M.signedPdfMissing);
    if (!workflow.signedFileId) {
      await this.seal(workflow.id);
      workflow = await this.require(caller.businessId, id);
    }
    const bytes = workflow.signedFileId
      ? await this.deps.files.readFile(caller.businessId, workflow.signedFileId)
      : null;
    if (!bytes) throw new AppError('CONFLICT', M.signedPdfMissing);
    return bytes;
  }

  /** The stored sealed PDF checked again (seal, hash) and the audit chain recomputed. */
  async verify(caller: BusinessCaller, id: string): Promise<WorkflowVerifyAnswer> {
    const workflow = await this.require(caller.businessId, id);
    const trail = await this.repo.auditOf(workflow.id);
    const chain = verifyChain(trail.map((a) => this.toChained(a)));
    const problems: string[] = [];
    if (!chain.valid) problems.push(`The audit trail does not verify from entry ${chain.brokenAt}`);
    // The seal's hash as the chain recorded it must be the workflow's.
    const sealedEntry = trail.filter((a) => a.event === 'sealed').at(-1);
    const chainedSha = (sealedEntry?.data as { sha256?: unknown } | undefined)?.sha256;
    let sha: string | null = null;
    let seal: SealVerification | null = null;
    if (workflow.status === 'completed') {
      const bytes = await this.signedBytes(caller, id).catch(() => null);
      if (bytes) {
        sha = sha256Hex(bytes);
        if (this.deps.signedPdf) seal = await this.deps.signedPdf.verify(bytes);
        else problems.push(M.signingUnavailable);
      } else problems.push(M.signedPdfMissing);
    } else problems.push('The workflow is not completed');
    const fresh = await this.require(caller.businessId, id);
    const hashMatches = sha !== null && sha === fresh.signedSha256;
    if (sha && !hashMatches) problems.push('The stored PDF does not match its recorded SHA-256');
    if (fresh.signedSha256 && chainedSha !== fresh.signedSha256) {
      problems.push('The audit trail does not record this sealed PDF’s SHA-256');
    }
    if (seal && !seal.valid) problems.push(seal.reason ?? 'The seal does not verify');
    if (seal && seal.valid && !seal.coversWholeFile) problems.push('Something was appended after the seal');
    const sealValid = Boolean(seal?.valid && seal.coversWholeFile);
    const sealRecorded = !fresh.signedSha256 || chainedSha === fresh.signedSha256;
    return {
      valid: chain.valid && hashMatches && sealValid && sealRecorded,
      sha256: sha,
      storedSha256: fresh.signedSha256,
      hashMatches,
      sealValid,
      auditChainValid: chain.valid,
      auditBrokenAt: chain.brokenAt,
      signer: seal?.signer ?? null,
      signedAt: seal?.signedAt ?? null,
      problems,
    };
  }

  // ---- the sweep (jobs): expiry, reminders, seals left behind ----

  /** Expires open workflows past their date, mails the reminders that are due, retries unsealed completions. */
  async sweep(now: Date = new Date()): Promise<{ expired: number; reminded: number; sealed: number }> {
    let expired = 0;
    for (const w of await this.repo.expiredOpen(now)) {
      const done = await this.repo.transaction(async (tx) => {
        const workflow = await this.repo.byId(w.id, tx, true);
        if (!workflow || !isOpen(workflow.status) || workflow.expiresAt > now) return false;
        await this.repo.update(workflow.id, { status: 'expired' }, tx);
        await this.audit(tx, workflow, 'expired', { actor: 'system' }, null, {
          expiresAt: workflow.expiresAt.toISOString(),
        });
        return true;
      });
      if (done) expired++;
    }
    let reminded = 0;
    for (const due of await this.repo.dueReminders(now)) {
      const invites = await this.repo.transaction(async (tx) => {
        const workflow = await this.repo.byId(due.workflowId, tx, true);
        if (!workflow || (workflow.status !== 'sent' && workflow.status !== 'in_progress')) return [];
        const signers = await this.repo.signersOf(workflow.id, tx);
        return this.remindIn(tx, workflow, signers, { actor: 'system' }, null, due.signerId, now);
      });
      const results = await this.mailInvites(invites, true);
      reminded += [...results.values()].filter((r) => r === 'sent').length;
    }
    let sealed = 0;
    if (this.deps.signedPdf) {
      for (const w of await this.repo.unsealed()) {
        try {
          await this.seal(w.id);
          sealed++;
        } catch (err) {
          this.deps.log?.(err, 'signatures: sealing failed again');
        }
      }
    }
    return { expired, reminded, sealed };
  }

  /**
   * The jobs: the sweep (expiry, reminders, seals left behind) and a seal tried again after a failure. Before the
   * queue starts.
   */
  defineJobs(jobs: Pick<JobQueue, 'define'>): void {
    jobs.define<Record<string, never>>({
      name: SWEEP_QUEUE,
      retryLimit: 2,
      retryDelaySeconds: 30,
      maxRunSeconds: 10 * 60,
      handler: async () => {
        await this.sweep();
      },
    });
    jobs.define<{ workflowId: string }>({
      name: SEAL_QUEUE,
      retryLimit: 5,
      retryDelaySeconds: 30,
      retryBackoff: true,
      handler: (data) => this.seal(data.workflowId),
    });
  }

  /** Queues the sweep every `intervalMs` (one at a time across processes: the job's key). */
  startSchedule(intervalMs: number = SWEEP_INTERVAL_MS): void {
    const jobs = this.deps.jobs;
    if (!jobs || this.timer) return;
    this.timer = setInterval(() => {
      jobs
        .send(SWEEP_QUEUE, {}, { key: 'sweep' })
        .catch((err: unknown) => this.deps.log?.(err, 'signatures: sweep not queued'));
    }, intervalMs);
    this.timer.unref();
  }

  stopSchedule(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** For tests: whether a workflow's stored trail verifies. */
  async auditChainOf(workflowId: string): Promise<{ valid: boolean; brokenAt: number | null }> {
    return verifyChain((await this.repo.auditOf(workflowId)).map((a) => this.toChained(a)));
  }

  /** Tests: a reminder's link is the invitation's (derived, not stored). */
  linkTokenOf(signerId: string, nonce: string): string {
    return this.tokenOf(signerId, nonce);
  }
}

type Invite =
  | { kind: 'client'; workflow: WorkflowRow; signer: SignerRow; token: string }
  /** othersSigned: every other signer has signed (the owner countersigns); else the owner may sign now. */
  | { kind: 'owner'; workflow: WorkflowRow; signer: SignerRow; othersSigned: boolean };

interface SignOutcome {
  workflowId: string;
  workflowStatus: WorkflowStatus;
  signer: SignerRow;
  invites: Invite[];
}

/** The file manager as the sealed PDF's store: a library file of the business (no folder), streamed in chunks. */
export function fileManagerStore(files: {
  saveUpload(
    owner: { businessId: string; library: true; folderId: null },
    uploadedBy: string | null,
    parts: AsyncIterable<{ fieldname: string; filename: string; mimetype: string; file: NodeJS.ReadableStream }>,
    opts: { kinds: readonly 'attachment'[] },
  ): Promise<{ _id: string }[]>;
  open(
    owner: { businessId: string; library: true; folderId: null },
    fileId: string,
  ): Promise<{ stream: NodeJS.ReadableStream } | null>;
  remove(owner: { businessId: string; library: true; folderId: null }, fileId: string): Promise<unknown>;
}): SignatureFiles {
  const owner = (businessId: string) => ({ businessId, library: true as const, folderId: null });
  return {
    async storePdf(businessId, uploadedBy, name, bytes) {
      async function* parts() {
        yield { fieldname: 'file', filename: name, mimetype: 'application/pdf', file: Readable.from([bytes]) };
      }
      const [saved] = await files.saveUpload(owner(businessId), uploadedBy, parts(), { kinds: ['attachment'] });
      if (!saved) throw new Error('The signed PDF was not stored');
      return saved._id;
    },
    async readFile(businessId, fileId) {
      const opened = await files.open(owner(businessId), fileId);
      if (!opened) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of opened.stream as AsyncIterable<Buffer>) chunks.push(Buffer.from(chunk));
      return Buffer.concat(chunks);
    },
    async removeFile(businessId, fileId) {
      await files.remove(owner(businessId), fileId);
    },
  };
}
