import * as z from 'zod';
import { API_ROOT, emailSchema, pageQuerySchema, paginationSchema, type Pagination } from '@atrium/contracts';
import { QUESTION_KINDS, questionBlockSchema, type QuestionBlock, type QuestionKind } from './blocks';

/**
 * Contact forms, questionnaire answers and the responses they leave (docs/requirements.md "Forms and responses").
 * One question engine: a contact form's questions and a questionnaire's question blocks are the same `question`
 * block, and `validateAnswers` is the one rule set the public page and the server both apply.
 */

export const FORM_MESSAGES = {
  formNotFound: 'Form not found',
  responseNotFound: 'Response not found',
  invalidForm: 'Invalid contact form data',
  invalidFormUpdate: 'Invalid contact form update data',
  invalidAnswers: 'Please correct the highlighted answers',
  nameRequired: 'Name is required',
  firstNameRequired: 'First name is required',
  required: 'This question is required',
  textTooLong: (max: number) => `Answer must be at most ${max} characters`,
  notText: 'Answer must be text',
  notNumber: 'Enter a number',
  notDate: 'Enter a valid date (YYYY-MM-DD)',
  notOption: 'Choose one of the options',
  notOptions: 'Choose among the options',
  notFile: 'Upload a file',
  unknownQuestion: 'This question is not on the form',
  fileUnavailable: 'File uploads are not available on public forms yet',
  fileNotUploaded: 'Upload the file again: this one was not uploaded here or is already used',
  questionIdTwice: 'Each question needs its own id',
  alreadyAnswered: 'This questionnaire has already been answered',
  notQuestionnaire: 'Only questionnaires take answers',
  tooManyRequests: 'Too many submissions from your address: try again in a minute',
  submitted: 'Thank you! Your response has been received.',
  deleteConfirm: 'Delete this response? This cannot be undone.',
} as const;
const M = FORM_MESSAGES;

export const SHORT_TEXT_MAX = 500;
export const LONG_TEXT_MAX = 10_000;
/** The honeypot: a field the public page hides from people; a bot that fills it is answered as success. */
export const HONEYPOT_FIELD = 'website';
export const DATE_ANSWER = /^\d{4}-\d{2}-\d{2}$/;

// ---- answers ----

/** A file answer refers to a file the public page uploaded for this form or link. */
export const fileAnswerSchema = z.object({ fileId: z.string().min(1).max(100), name: z.string().max(300) });
export type FileAnswer = z.infer<typeof fileAnswerSchema>;
/** One answer: text, date or choice (string), several choices (string[]), a number, a file, or nothing. */
export type AnswerValue = string | number | string[] | FileAnswer | null;
/** Answers keyed by question id. */
export type Answers = Record<string, AnswerValue>;
export const answersSchema = z.record(
  z.string().max(100),
  z.union([z.string(), z.number(), z.array(z.string()), fileAnswerSchema, z.null()]),
  { error: 'Answers must be an object keyed by question id' },
);

/** The question as validateAnswers needs it (a question block, or its snapshot). */
export type AnswerQuestion = Pick<QuestionBlock, 'id' | 'kind' | 'label' | 'required' | 'options'>;

export interface ValidateAnswersOptions {
  /** false: no upload exists for this form yet — a file answer is refused and a required file question waived. */
  files?: boolean;
}

const isBlank = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

function isValidDate(text: string): boolean {
  if (!DATE_ANSWER.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

/**
 * The one rule set of answers: required, kinds (text length, number, date, one option, a subset of options, a file
 * reference) and answers to questions the form does not ask. Returns field messages keyed by question id (empty
 * when all is well) and the cleaned answers (trimmed text, numbers from numeric text, blanks left out).
 */
export function validateAnswers(
  questions: readonly AnswerQuestion[],
  answers: Record<string, unknown>,
  options: ValidateAnswersOptions = {},
): { errors: Record<string, string>; values: Answers } {
  const errors: Record<string, string> = {};
  const values: Answers = {};
  const asked = new Set(questions.map((q) => q.id));
  for (const key of Object.keys(answers)) {
    if (!asked.has(key) && !isBlank(answers[key])) errors[key] = M.unknownQuestion;
  }
  for (const q of questions) {
    const raw = answers[q.id];
    if (isBlank(raw)) {
      if (q.required && !(q.kind === 'file' && options.files === false)) errors[q.id] = M.required;
      continue;
    }
    const result = checkAnswer(q.kind, q.options, raw, options);
    if (typeof result === 'object' && result !== null && 'error' in result) errors[q.id] = result.error;
    else values[q.id] = result;
  }
  return { errors, values };
}

function checkAnswer(
  kind: QuestionKind,
  choices: readonly string[],
  raw: unknown,
  options: ValidateAnswersOptions,
): AnswerValue | { error: string } {
  switch (kind) {
    case 'shortText':
    case 'longText': {
      if (typeof raw !== 'string') return { error: M.notText };
      const max = kind === 'shortText' ? SHORT_TEXT_MAX : LONG_TEXT_MAX;
      const text = raw.trim();
      return text.length > max ? { error: M.textTooLong(max) } : text;
    }
    case 'number': {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw.trim()) : Number.NaN;
      return Number.isFinite(n) ? n : { error: M.notNumber };
    }
    case 'date':
      return typeof raw === 'string' && isValidDate(raw.trim()) ? raw.trim() : { error: M.notDate };
    case 'singleChoice':
      return typeof raw === 'string' && choices.includes(raw) ? raw : { error: M.notOption };
    case 'multiChoice': {
      if (!Array.isArray(raw) || !raw.every((v) => typeof v === 'string' && choices.includes(v))) {
        return { error: M.notOptions };
      }
      return [...new Set(raw as string[])];
    }
    case 'file': {
      if (options.files === false) return { error: M.fileUnavailable };
      const parsed = fileAnswerSchema.safeParse(raw);
      return parsed.success ? parsed.data : { error: M.notFile };
    }
    default:
      return { error: M.notText };
  }
}

// ---- contact forms ----

export const CONTACT_FORM_STATUSES = ['active', 'inactive'] as const;
export type ContactFormStatus = (typeof CONTACT_FORM_STATUSES)[number];
export const CONTACT_FORM_STATUS_LABELS: Record<ContactFormStatus, string> = { active: 'Active', inactive: 'Inactive' };

/**
 * The contact's own fields every contact form asks first (not questions of its own): first name (required), last
 * name, email (required, the spec's email rules). The submission creates or updates the contact by this email.
 */
export const submitterSchema = z.object({
  firstName: z
    .string({ error: M.firstNameRequired })
    .trim()
    .min(1, M.firstNameRequired)
    .max(100, 'First name must be at most 100 characters'),
  lastName: z
    .string()
    .trim()
    .max(100, 'Last name must be at most 100 characters')
    .nullish()
    .transform((v) => v || null),
  email: emailSchema,
});
export type Submitter = z.output<typeof submitterSchema>;
export type SubmitterInput = z.input<typeof submitterSchema>;

const formQuestionsSchema = z
  .array(questionBlockSchema)
  .max(200, 'A form can have at most 200 questions')
  .superRefine((questions, ctx) => {
    const seen = new Set<string>();
    questions.forEach((q, i) => {
      if (seen.has(q.id)) ctx.addIssue({ code: 'custom', message: M.questionIdTwice, path: [i, 'id'] });
      seen.add(q.id);
    });
  });

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => v || null);

export const contactFormInputSchema = z.object({
  name: z
    .string({ error: M.nameRequired })
    .trim()
    .min(1, M.nameRequired)
    .max(200, 'Name must be at most 200 characters'),
  description: optionalText(2000),
  questions: formQuestionsSchema.default([]),
  /** Shown after a submission; null → FORM_MESSAGES.submitted. */
  successMessage: optionalText(1000),
  status: z
    .enum(CONTACT_FORM_STATUSES, { error: `Status must be one of: ${CONTACT_FORM_STATUSES.join(', ')}` })
    .default('active'),
});
export type ContactFormInput = z.input<typeof contactFormInputSchema>;
export type ContactFormData = z.output<typeof contactFormInputSchema>;
export const contactFormUpdateSchema = z.object({
  name: contactFormInputSchema.shape.name.optional(),
  description: optionalText(2000).optional(),
  questions: formQuestionsSchema.optional(),
  successMessage: optionalText(1000).optional(),
  status: contactFormInputSchema.shape.status.unwrap().optional(),
});
export type ContactFormUpdate = z.input<typeof contactFormUpdateSchema>;
export type ContactFormUpdateData = z.output<typeof contactFormUpdateSchema>;

const questionAnswerSchema = z.object({
  id: z.string(),
  type: z.literal('question'),
  kind: z.enum(QUESTION_KINDS),
  label: z.string(),
  help: z.string().nullable(),
  required: z.boolean(),
  options: z.array(z.string()),
});

export const contactFormSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  questions: z.array(questionAnswerSchema),
  successMessage: z.string().nullable(),
  status: z.enum(CONTACT_FORM_STATUSES),
  /** The unguessable id of the public page `/forms/{publicId}`. */
  publicId: z.string(),
  submissionCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContactForm = Omit<z.infer<typeof contactFormSchema>, 'questions'> & { questions: QuestionBlock[] };

export const contactFormListParamsSchema = pageQuerySchema.extend({
  status: z.enum(CONTACT_FORM_STATUSES).optional(),
});
export interface ContactFormListParams {
  page?: number;
  limit?: number;
  search?: string;
  status?: ContactFormStatus;
}
export const contactFormListAnswerSchema = z.object({
  success: z.literal(true),
  data: z.array(contactFormSchema),
  pagination: paginationSchema,
});
export interface ContactFormListAnswer {
  success: true;
  data: ContactForm[];
  pagination: Pagination;
}

/** The public page of a form (what a visitor fills in). */
export const publicFormSchema = z.object({
  publicId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  questions: z.array(questionAnswerSchema),
  business: z.object({ name: z.string() }),
});
export type PublicForm = Omit<z.infer<typeof publicFormSchema>, 'questions'> & { questions: QuestionBlock[] };

/** The app's public page of a form, and the snippet a website embeds. */
export const formPublicPath = (publicId: string) => `/forms/${encodeURIComponent(publicId)}`;
export function formEmbedSnippet(appUrl: string, publicId: string): string {
  const src = `${appUrl.replace(/\/+$/, '')}${formPublicPath(publicId)}`;
  return `<iframe src="${src}" title="Contact form" width="100%" height="720" style="border:0" loading="lazy"></iframe>`;
}

/** POST /public/forms/{publicId}/submissions. */
export const formSubmissionInputSchema = z.object({
  contact: submitterSchema,
  answers: answersSchema.default({}),
  /** The honeypot (HONEYPOT_FIELD): people leave it empty. */
  website: z.string().max(2000).optional(),
});
export type FormSubmissionInput = z.input<typeof formSubmissionInputSchema>;
export const formSubmissionAnswerSchema = z.object({ message: z.string() });
export type FormSubmissionAnswer = z.infer<typeof formSubmissionAnswerSchema>;

/**
 * POST /public/forms/{publicId}/files and POST /public/documents/{id}/files?token=: one file (multipart field
 * "file") for a file question, answered with the reference the answer carries (`{ fileId, name }`). The limits are
 * the work files' (FILE_MAX_BYTES, FILE_TYPES); the file may answer one submission of that same form or link.
 */
export const formUploadAnswerSchema = z.object({
  fileId: z.string(),
  name: z.string(),
  size: z.number().int(),
  type: z.string(),
});
export type FormUploadAnswer = z.infer<typeof formUploadAnswerSchema>;
/** Where the signed-in owner downloads a file a response holds (the file manager's download, as an attachment). */
export const answerFileDownloadPath = (fileId: string) =>
  `${API_ROOT}/files/${encodeURIComponent(fileId)}/download?download=true`;

/** POST /public/documents/{id}/responses?token=: a questionnaire's answers. */
export const questionnaireAnswerInputSchema = z.object({ answers: answersSchema.default({}) });
export type QuestionnaireAnswerInput = z.input<typeof questionnaireAnswerInputSchema>;

// ---- responses ----

export const RESPONSE_SOURCES = ['contact_form', 'questionnaire'] as const;
export type ResponseSource = (typeof RESPONSE_SOURCES)[number];
export const RESPONSE_SOURCE_LABELS: Record<ResponseSource, string> = {
  contact_form: 'Contact form',
  questionnaire: 'Questionnaire',
};

export const responseSummarySchema = z.object({
  _id: z.string(),
  source: z.enum(RESPONSE_SOURCES),
  formId: z.string().nullable(),
  documentId: z.string().nullable(),
  /** The form's name or the questionnaire's title, as at submission. */
  title: z.string(),
  contactId: z.string().nullable(),
  contact: z.object({ name: z.string(), email: z.string().nullable() }).nullable(),
  answerCount: z.number().int(),
  createdAt: z.string(),
});
export type ResponseSummary = z.infer<typeof responseSummarySchema>;

/** One answer with its question as it was asked (a snapshot: later edits of the form do not change it). */
export const responseAnswerSchema = z.object({
  questionId: z.string(),
  label: z.string(),
  kind: z.enum(QUESTION_KINDS),
  value: z.union([z.string(), z.number(), z.array(z.string()), fileAnswerSchema, z.null()]),
});
export type ResponseAnswer = z.infer<typeof responseAnswerSchema>;
export const responseSchema = responseSummarySchema.extend({ answers: z.array(responseAnswerSchema) });
export type FormResponse = z.infer<typeof responseSchema>;

export const responseListParamsSchema = pageQuerySchema.extend({
  formId: z.string().trim().min(1).max(100).optional(),
  documentId: z.string().trim().min(1).max(100).optional(),
  source: z.enum(RESPONSE_SOURCES).optional(),
});
export type ResponseListParamsData = z.output<typeof responseListParamsSchema>;
export interface ResponseListParams {
  page?: number;
  limit?: number;
  /** The contact's name or email. */
  search?: string;
  formId?: string;
  documentId?: string;
  source?: ResponseSource;
}
export const responseListAnswerSchema = z.object({
  success: z.literal(true),
  data: z.array(responseSummarySchema),
  pagination: paginationSchema,
});
export interface ResponseListAnswer {
  success: true;
  data: ResponseSummary[];
  pagination: Pagination;
}

/** Answers paired with their questions, in the questions' order (what a response stores and shows). */
export function answersWithQuestions(questions: readonly AnswerQuestion[], values: Answers): ResponseAnswer[] {
  return questions.map((q) => ({ questionId: q.id, label: q.label, kind: q.kind, value: values[q.id] ?? null }));
}
