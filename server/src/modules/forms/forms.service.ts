import type { DomainEvents } from '../../lib/domain-events';
import { randomBytes } from 'node:crypto';
import type { NotificationSender } from '../../lib/notifications-port';
import { makePagination, type FieldError, type Pagination } from '@atrium/contracts';
import {
  answersWithQuestions,
  FORM_MESSAGES as M,
  validateAnswers,
  type AnswerQuestion,
  type Answers,
  type ContactForm,
  type ContactFormData,
  type ContactFormUpdateData,
  type FormResponse,
  type FormSubmissionAnswer,
  type FormUploadAnswer,
  type PublicForm,
  type QuestionBlock,
  type ResponseListParamsData,
  type ResponseSummary,
} from '@atrium/domain-documents/schemas';
import { pgErrorCode, UNIQUE_VIOLATION, type Executor } from '../../db/client';
import type { BusinessCaller } from '../../lib/caller';
import { AppError } from '../../lib/errors';
import type { MailMessage } from '../../lib/mail';
import type { UploadField, UploadPart } from '../../lib/file-upload';
import type { ContactsService } from '../contacts/contacts.service';
import type { DocumentsService } from '../documents/documents.service';
import type { FilesService } from '../files/files.service';
import type {
  ContactFormRow,
  FormsRepository,
  SubmissionRow,
  SubmissionSummaryRow,
  UploadTarget,
} from './forms.repository';

/** A submission that was stored (told to the owner after its transaction committed). */
export interface FormSubmittedEvent {
  businessId: string;
  submissionId: string;
  formId: string | null;
  documentId: string | null;
  title: string;
  contact: { id: string | null; name: string | null; email: string | null; created: boolean };
}

/**
 * Tells the business of a new response by e-mail to its owners (mailFormNotifier); the bell's FORM_SUBMITTED goes
 * through the notifications port inside the submission's transaction (FormsDeps.notifications). This one runs after
 * the submission committed: a failure is logged, never undoes the submission.
 */
export interface FormSubmittedNotifier {
  formSubmitted(event: FormSubmittedEvent): Promise<void>;
}

export interface FormsDeps {
  contacts: Pick<ContactsService, 'upsertFromSubmission'>;
  documents: Pick<DocumentsService, 'questionnaireForAnswer' | 'lockForAnswer' | 'completeAnswered' | 'get'>;
  notifier: FormSubmittedNotifier;
  /** The owners and admins see FORM_SUBMITTED in their bell (issue #19), stored with the submission. */
  notifications?: NotificationSender;
  /** form.submitted for automations, in the submission's transaction (lib/domain-events.ts). */
  events?: DomainEvents;
  files: Pick<FilesService, 'saveUpload'>;
  log: (err: unknown, msg: string) => void;
}

/** A visitor's file never used by a submission is removed after this long (docs/requirements.md). */
export const UNUSED_UPLOAD_MS = 24 * 60 * 60 * 1000;

const iso = (d: Date) => d.toISOString();
const newPublicId = () => randomBytes(18).toString('base64url');
const formNotFound = () => new AppError('NOT_FOUND', M.formNotFound);
const fullName = (first: string, last: string | null) => [first, last].filter(Boolean).join(' ');

function toForm(row: ContactFormRow & { submissionCount: number }): ContactForm {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    questions: row.questions,
    successMessage: row.successMessage,
    status: row.status,
    publicId: row.publicId,
    submissionCount: row.submissionCount,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

function toSummary(row: SubmissionSummaryRow): ResponseSummary {
  return {
    _id: row.id,
    source: row.source,
    formId: row.formId,
    documentId: row.documentId,
    title: row.title,
    contactId: row.contactId,
    contact:
      row.contactName !== null || row.contactEmail !== null
        ? { name: row.contactName ?? '', email: row.contactEmail }
        : null,
    answerCount: row.answerCount,
    createdAt: iso(row.createdAt),
  };
}
const toResponse = (row: SubmissionRow): FormResponse => ({ ...toSummary(row), answers: row.answers });

/** Field messages of validateAnswers as the API's details (`answers.<questionId>`). */
function answerErrors(questions: readonly AnswerQuestion[], answers: Record<string, unknown>) {
  const { errors, values } = validateAnswers(questions, answers);
  throwAnswerErrors(errors);
  return values;
}

function throwAnswerErrors(errors: Record<string, string>) {
  const details: FieldError[] = Object.entries(errors).map(([id, message]) => ({ field: `answers.${id}`, message }));
  if (details.length > 0) throw new AppError('VALIDATION_ERROR', M.invalidAnswers, details);
}

/** The file answers among the values, by question id. */
const fileAnswers = (questions: readonly AnswerQuestion[], values: Answers) =>
  questions.flatMap((q) => {
    const v = values[q.id];
    return q.kind === 'file' && v && typeof v === 'object' && !Array.isArray(v)
      ? [{ questionId: q.id, answer: v }]
      : [];
  });

const countAnswers = (values: Answers) => Object.keys(values).length;

/**
 * Contact forms, their public page and submissions, questionnaires' answers through their links, and the
 * responses list. Every signed-in call reads only the caller's business (another's id → 404).
 */
export class FormsService {
  constructor(
    private readonly repo: FormsRepository,
    private readonly deps: FormsDeps,
  ) {}

  // ---- contact forms ----

  async listForms(
    caller: BusinessCaller,
    params: { page: number; limit: number; search?: string; status?: 'active' | 'inactive' },
  ): Promise<{ data: ContactForm[]; pagination: Pagination }> {
    const { rows, total } = await this.repo.listForms(caller.businessId, params);
    return { data: rows.map(toForm), pagination: makePagination(total, params.page, params.limit) };
  }

  async getForm(caller: BusinessCaller, id: string): Promise<ContactForm> {
    const row = await this.repo.findForm(caller.businessId, id);
    if (!row) throw formNotFound();
    return toForm(row);
  }

  async createForm(caller: BusinessCaller, input: ContactFormData): Promise<ContactForm> {
    const id = await this.repo.insertForm(caller.businessId, {
      ...input,
      questions: input.questions as QuestionBlock[],
      publicId: newPublicId(),
      createdBy: caller.userId,
    });
    return this.getForm(caller, id);
  }

  async updateForm(caller: BusinessCaller, id: string, input: ContactFormUpdateData): Promise<ContactForm> {
    const fields = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
    if (!(await this.repo.updateForm(caller.businessId, id, fields))) throw formNotFound();
    return this.getForm(caller, id);
  }

  /** Deletes the form; its responses stay (listed with the form's name as it was). */
  async removeForm(caller: BusinessCaller, id: string): Promise<void> {
    if (!(await this.repo.removeForm(caller.businessId, id))) throw formNotFound();
  }

  // ---- public ----

  private async activeForm(publicId: string): Promise<ContactFormRow> {
    const row = await this.repo.formByPublicId(publicId);
    if (!row || row.status !== 'active') throw formNotFound();
    return row;
  }

  async publicForm(publicId: string): Promise<PublicForm> {
    const row = await this.activeForm(publicId);
    const { name } = await this.repo.businessAndOwners(row.businessId);
    return {
      publicId: row.publicId,
      name: row.name,
      description: row.description,
      questions: row.questions,
      business: { name },
    };
  }

  /**
   * A visitor's submission: the honeypot first, then the answers checked (400 with field messages, nothing stored), then in one transaction the
   * submission and its contact (created or updated by email); the owner is told after the commit.
   */
  async submit(
    publicId: string,
    input: {
      contact: { firstName: string; lastName: string | null; email: string };
      answers: Record<string, unknown>;
      website?: string;
    },
  ): Promise<FormSubmissionAnswer> {
    const form = await this.activeForm(publicId);
    // The honeypot: a person never sees the field, so whatever fills it is a bot. It is answered as a success (a bot
    // told it failed tries other ways) and nothing is stored or sent.
    if (input.website?.trim()) return { message: form.successMessage ?? M.submitted };
    const values = answerErrors(form.questions, input.answers);
    const person = input.contact;
    const target: UploadTarget = { businessId: form.businessId, formId: form.id };
    const stored = await this.repo.transaction(async (tx) => {
      const fileIds = await this.bindFiles(tx, target, form.questions, values);
      const contact = await this.deps.contacts.upsertFromSubmission(
        tx,
        form.businessId,
        person,
        `Came through the contact form "${form.name}"`,
      );
      const submissionId = await this.repo.insertSubmission(tx, {
        businessId: form.businessId,
        source: 'contact_form',
        formId: form.id,
        documentId: null,
        title: form.name,
        contactId: contact.id,
        contactName: fullName(contact.firstName, contact.lastName),
        contactEmail: person.email,
        answers: answersWithQuestions(form.questions, values),
        answerCount: countAnswers(values),
      });
      await this.repo.useUploads(tx, target, fileIds, submissionId);
      const who = fullName(contact.firstName, contact.lastName) || person.email;
      await this.bellOnSubmission(tx, form.businessId, { submissionId, formId: form.id }, form.name, who);
      await this.deps.events?.emit(
        {
          businessId: form.businessId,
          type: 'form.submitted',
          recordId: submissionId,
          record: {
            formId: form.id,
            formName: form.name,
            email: person.email,
            firstName: contact.firstName,
            lastName: contact.lastName,
            contactId: contact.id,
          },
        },
        tx,
      );
      return { submissionId, contact };
    });
    await this.notify({
      businessId: form.businessId,
      submissionId: stored.submissionId,
      formId: form.id,
      documentId: null,
      title: form.name,
      contact: {
        id: stored.contact.id,
        name: fullName(stored.contact.firstName, stored.contact.lastName),
        email: person.email,
        created: stored.contact.created,
      },
    });
    return { message: form.successMessage ?? M.submitted };
  }

  /**
   * A questionnaire's answers through its link (404 forged, 410 expired, 409 answered already): checked, stored with
   * a snapshot of its questions, and the document completed, in one transaction.
   */
  async answerQuestionnaire(
    documentId: string,
    token: string,
    answers: Record<string, unknown>,
  ): Promise<FormSubmissionAnswer> {
    const q = await this.deps.documents.questionnaireForAnswer(documentId, token);
    const contact = { id: q.contactId, name: q.contactName, email: q.contactEmail, created: false };
    let stored: { submissionId: string; title: string };
    try {
      stored = await this.repo.transaction(async (tx: Executor) => {
        const doc = await this.deps.documents.lockForAnswer(q.businessId, q.documentId, tx);
        if (doc.completed) throw new AppError('CONFLICT', M.alreadyAnswered);
        const values = answerErrors(doc.questions, answers);
        const target: UploadTarget = { businessId: q.businessId, documentId: q.documentId };
        const fileIds = await this.bindFiles(tx, target, doc.questions, values);
        const submissionId = await this.repo.insertSubmission(tx, {
          businessId: q.businessId,
          source: 'questionnaire',
          formId: null,
          documentId: q.documentId,
          title: doc.title,
          contactId: q.contactId,
          contactName: q.contactName,
          contactEmail: q.contactEmail,
          answers: answersWithQuestions(doc.questions, values),
          answerCount: countAnswers(values),
        });
        await this.repo.useUploads(tx, target, fileIds, submissionId);
        await this.deps.documents.completeAnswered(q.businessId, q.documentId, tx);
        const who = q.contactName || q.contactEmail || 'Your client';
        await this.bellOnSubmission(tx, q.businessId, { submissionId }, doc.title, who);
        return { submissionId, title: doc.title };
      });
    } catch (err) {
      if (pgErrorCode(err) === UNIQUE_VIOLATION) throw new AppError('CONFLICT', M.alreadyAnswered);
      throw err;
    }
    await this.notify({
      businessId: q.businessId,
      submissionId: stored.submissionId,
      formId: null,
      documentId,
      title: stored.title,
      contact,
    });
    return { message: M.submitted };
  }

  /**
   * A visitor's file for a file question of a contact form (`{ publicId }`) or a questionnaire through its link
   * (`{ documentId, token }`): one file, the work files' size and type rules, stored as the business's upload with
   * no owner (the file manager lists it as an upload) and bound to that form or link. Unused uploads older than a
   * day are removed first.
   */
  async uploadFile(
    where: { publicId: string } | { documentId: string; token: string },
    parts: AsyncIterable<UploadPart | UploadField>,
  ): Promise<FormUploadAnswer> {
    const target: UploadTarget =
      'publicId' in where
        ? await this.activeForm(where.publicId).then((f) => ({ businessId: f.businessId, formId: f.id }))
        : await this.deps.documents
            .questionnaireForAnswer(where.documentId, where.token)
            .then((q) => ({ businessId: q.businessId, documentId: q.documentId }));
    await this.repo.removeUnusedUploads(target.businessId, UNUSED_UPLOAD_MS).catch((err: unknown) => {
      this.deps.log(err, 'forms: unused uploads could not be removed (the next upload tries again)');
    });
    const [file] = await this.deps.files.saveUpload(
      { businessId: target.businessId, library: true, folderId: null },
      null,
      parts,
      { kinds: ['attachment'], maxFiles: 1 },
    );
    await this.repo.insertUpload(target, file!._id);
    return { fileId: file!._id, name: file!.name, size: file!.size, type: file!.type };
  }

  /**
   * Inside the submission's transaction: every file answer must name a file uploaded for this same form or link and
   * not used yet (else a field message, nothing stored); the answer keeps the stored file's name.
   */
  private async bindFiles(tx: Executor, target: UploadTarget, questions: readonly AnswerQuestion[], values: Answers) {
    const wanted = fileAnswers(questions, values);
    const found = new Map(
      (await this.repo.lockUnusedUploads(tx, target, [...new Set(wanted.map((w) => w.answer.fileId))])).map((f) => [
        f.fileId,
        f.name,
      ]),
    );
    const errors: Record<string, string> = {};
    const seen = new Set<string>();
    for (const { questionId, answer } of wanted) {
      const name = found.get(answer.fileId);
      if (name === undefined || seen.has(answer.fileId)) errors[questionId] = M.fileNotUploaded;
      else values[questionId] = { fileId: answer.fileId, name };
      seen.add(answer.fileId);
    }
    throwAnswerErrors(errors);
    return [...seen];
  }

  /** FORM_SUBMITTED to the business's owners and admins, in the submission's transaction. */
  private async bellOnSubmission(
    tx: Executor,
    businessId: string,
    ids: { submissionId: string; formId?: string },
    title: string,
    who: string,
  ): Promise<void> {
    await this.deps.notifications?.send(
      {
        businessId,
        type: 'FORM_SUBMITTED',
        title: 'New form response',
        message: `${who} answered “${title}”`,
        data: { ...ids, url: `/response/${encodeURIComponent(ids.submissionId)}` },
        to: { role: 'owners' },
      },
      tx,
    );
  }

  private async notify(event: FormSubmittedEvent): Promise<void> {
    try {
      await this.deps.notifier.formSubmitted(event);
    } catch (err) {
      this.deps.log(err, 'forms: the owner could not be told of a submission (it is stored)');
    }
  }

  // ---- responses ----

  async listResponses(
    caller: BusinessCaller,
    params: ResponseListParamsData,
  ): Promise<{ data: ResponseSummary[]; pagination: Pagination }> {
    const { rows, total } = await this.repo.listSubmissions(caller.businessId, params);
    return { data: rows.map(toSummary), pagination: makePagination(total, params.page, params.limit) };
  }

  async getResponse(caller: BusinessCaller, id: string): Promise<FormResponse> {
    const row = await this.repo.findSubmission(caller.businessId, id);
    if (!row) throw new AppError('NOT_FOUND', M.responseNotFound);
    return toResponse(row);
  }

  async removeResponse(caller: BusinessCaller, id: string): Promise<void> {
    if (!(await this.repo.removeSubmission(caller.businessId, id))) throw new AppError('NOT_FOUND', M.responseNotFound);
  }

  /** A questionnaire's responses (404 when the document is not the caller's business's). */
  async responsesOfDocument(caller: BusinessCaller, documentId: string): Promise<FormResponse[]> {
    await this.deps.documents.get(caller, documentId);
    return (await this.repo.submissionsOfDocument(caller.businessId, documentId)).map(toResponse);
  }
}

/** Today's notifier: an email to the business's owners with the response's link in the app. */
export function mailFormNotifier(deps: {
  repo: Pick<FormsRepository, 'businessAndOwners'>;
  mailer: { send(message: MailMessage): Promise<void> };
  appUrl: string;
}): FormSubmittedNotifier {
  return {
    async formSubmitted(event) {
      const { owners } = await deps.repo.businessAndOwners(event.businessId);
      const who = event.contact.name || event.contact.email || 'Someone';
      const link = `${deps.appUrl}/response/${encodeURIComponent(event.submissionId)}`;
      for (const to of owners) {
        await deps.mailer.send({
          to,
          subject: `New response: ${event.title}`,
          text: [`${who} answered "${event.title}".`, '', `See the answers: ${link}`, '', '— Atrium'].join('\n'),
        });
      }
    },
  };
}
