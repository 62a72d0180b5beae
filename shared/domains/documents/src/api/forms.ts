import type { ApiClient } from '@atrium/api-client';
import type {
  ContactForm,
  ContactFormInput,
  ContactFormListAnswer,
  ContactFormListParams,
  ContactFormUpdate,
  FormResponse,
  FormSubmissionAnswer,
  FormSubmissionInput,
  FormUploadAnswer,
  PublicForm,
  QuestionnaireAnswerInput,
  ResponseListAnswer,
  ResponseListParams,
} from '../forms';

const enc = encodeURIComponent;

function query(params: object): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params) as [string, unknown][]) {
    if (value === undefined || value === null || value === '') continue;
    out[key] = String(value);
  }
  return out;
}

/** The business's contact forms (GET/POST /contact-forms, GET/PUT/DELETE /contact-forms/{id}). */
export function contactFormsApi(client: ApiClient) {
  const base = (id: string) => `contact-forms/${enc(id)}`;
  return {
    list: (params: ContactFormListParams = {}, options?: { signal?: AbortSignal }) =>
      client.get<ContactFormListAnswer>('contact-forms', query(params), options),
    get: async (id: string) => (await client.get<{ data: ContactForm }>(base(id))).data,
    create: async (input: ContactFormInput) => (await client.post<{ data: ContactForm }>('contact-forms', input)).data,
    update: async (id: string, input: ContactFormUpdate) =>
      (await client.put<{ data: ContactForm }>(base(id), input)).data,
    remove: async (id: string) => {
      await client.delete(base(id));
    },
  };
}
export type ContactFormsApi = ReturnType<typeof contactFormsApi>;

/** Submissions of contact forms and questionnaires (GET /responses, GET/DELETE /responses/{id}). */
export function responsesApi(client: ApiClient) {
  const base = (id: string) => `responses/${enc(id)}`;
  return {
    list: (params: ResponseListParams = {}, options?: { signal?: AbortSignal }) =>
      client.get<ResponseListAnswer>('responses', query(params), options),
    get: async (id: string) => (await client.get<{ data: FormResponse }>(base(id))).data,
    remove: async (id: string) => {
      await client.delete(base(id));
    },
    /** GET /documents/{id}/responses: a questionnaire's answers (the responses page), newest first. */
    ofDocument: async (documentId: string) =>
      (await client.get<{ data: FormResponse[] }>(`documents/${enc(documentId)}/responses`)).data,
  };
}
export type ResponsesApi = ReturnType<typeof responsesApi>;

/**
 * The signed-out calls: a contact form's public page and its submission (400 with field messages keyed
 * `answers.<questionId>` or `contact.<field>`, 429 past the rate limit), and a questionnaire's answers through its
 * shared link (404 forged, 410 expired, 409 already answered).
 */
export function publicFormsApi(client: ApiClient) {
  const fileForm = (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return form;
  };
  return {
    get: async (publicId: string) => (await client.get<{ data: PublicForm }>(`public/forms/${enc(publicId)}`)).data,
    submit: async (publicId: string, input: FormSubmissionInput) =>
      (await client.post<{ data: FormSubmissionAnswer }>(`public/forms/${enc(publicId)}/submissions`, input)).data,
    answerQuestionnaire: async (documentId: string, token: string, input: QuestionnaireAnswerInput) =>
      (
        await client.post<{ data: { message: string } }>(`public/documents/${enc(documentId)}/responses`, input, {
          searchParams: { token },
        })
      ).data,
    /** One file for a contact form's file question (413 too large, 415 type); answers the `{ fileId, name }` to send. */
    uploadFormFile: async (publicId: string, file: File) =>
      (await client.upload<{ data: FormUploadAnswer }>(`public/forms/${enc(publicId)}/files`, fileForm(file))).data,
    /** One file for a questionnaire's file question through its link. */
    uploadQuestionnaireFile: async (documentId: string, token: string, file: File) =>
      (
        await client.upload<{ data: FormUploadAnswer }>(`public/documents/${enc(documentId)}/files`, fileForm(file), {
          searchParams: { token },
        })
      ).data,
  };
}
export type PublicFormsApi = ReturnType<typeof publicFormsApi>;
