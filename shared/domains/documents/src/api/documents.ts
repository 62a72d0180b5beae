import type { ApiClient } from '@atrium/api-client';
import type {
  Document,
  DocumentInput,
  DocumentLink,
  DocumentListAnswer,
  DocumentListParams,
  DocumentPreview,
  DocumentSendAnswer,
  DocumentSummary,
  DocumentUpdate,
  FromTemplateInput,
  PublicDocument,
} from '../document';
import type { TaxRate, TaxRateInput, TaxRateUpdate } from '../tax-rate';
import { parsePdfAnswer } from '../pdf';

const enc = encodeURIComponent;

function listParams(params: DocumentListParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params) as [string, unknown][]) {
    if (value === undefined || value === null || value === '') continue;
    out[key] = String(value);
  }
  return out;
}

/** Typed calls for documents (docs/requirements.md "Documents"). */
export function documentsApi(client: ApiClient) {
  const base = (id: string) => `documents/${enc(id)}`;
  return {
    /** GET /documents: one page (success, data, pagination). */
    list: (params: DocumentListParams = {}, options?: { signal?: AbortSignal }) =>
      client.get<DocumentListAnswer>('documents', listParams(params), options),
    /** GET /documents/project/{projectId}: the project tab's documents, newest first. */
    ofProject: async (projectId: string) =>
      (await client.get<{ data: DocumentSummary[] }>(`documents/project/${enc(projectId)}`)).data,
    get: async (id: string) => (await client.get<{ data: Document }>(base(id))).data,
    create: async (input: DocumentInput) => (await client.post<{ data: Document }>('documents', input)).data,
    update: async (id: string, input: DocumentUpdate) => (await client.put<{ data: Document }>(base(id), input)).data,
    remove: async (id: string) => {
      await client.delete(base(id));
    },
    duplicate: async (id: string) => (await client.post<{ data: Document }>(`${base(id)}/duplicate`, {})).data,
    saveAsTemplate: async (id: string) =>
      (await client.post<{ data: Document }>(`${base(id)}/save-as-template`, {})).data,
    createFromTemplate: async (templateId: string, input: FromTemplateInput = {}) =>
      (await client.post<{ data: Document }>(`documents/from-template/${enc(templateId)}`, input)).data,
    /** GET /documents/{id}/preview: as the client will see it, with the merge tags that will render empty. */
    preview: async (id: string) => (await client.get<{ data: DocumentPreview }>(`${base(id)}/preview`)).data,
    /** POST /documents/{id}/send: status → sent, a share link, an email to the contact when it has an address. */
    send: async (id: string) => (await client.post<{ data: DocumentSendAnswer }>(`${base(id)}/send`, {})).data,
    /** POST /documents/{id}/share: a new public link to a sent document (the older links keep working). */
    share: async (id: string) => (await client.post<{ data: DocumentLink }>(`${base(id)}/share`, {})).data,
    /**
     * GET /documents/{id}/pdf: the PDF's bytes. Throws the spec's 'Invalid response format' or 'Failed to parse
     * base64 PDF response' when the answer is not what it should be.
     */
    pdf: async (id: string) => parsePdfAnswer(await client.get<unknown>(`${base(id)}/pdf`)),
  };
}
export type DocumentsApi = ReturnType<typeof documentsApi>;

/** The business's tax rates (GET/POST /tax-rates, PUT/DELETE /tax-rates/{id}). */
export function taxRatesApi(client: ApiClient) {
  const base = (id: string) => `tax-rates/${enc(id)}`;
  return {
    list: async () => (await client.get<{ data: TaxRate[] }>('tax-rates')).data,
    create: async (input: TaxRateInput) => (await client.post<{ data: TaxRate }>('tax-rates', input)).data,
    update: async (id: string, input: TaxRateUpdate) => (await client.put<{ data: TaxRate }>(base(id), input)).data,
    remove: async (id: string) => {
      await client.delete(base(id));
    },
  };
}
export type TaxRatesApi = ReturnType<typeof taxRatesApi>;

/**
 * The signed-out calls of a shared link. GET /public/documents/{id}?token=: 404 NOT_FOUND for an unknown, forged
 * or revoked link (→ /document-not-found), 410 GONE when the link or the document expired (→ /document-expired).
 */
export function publicDocumentsApi(client: ApiClient) {
  return {
    view: async (id: string, token: string) =>
      (await client.get<{ data: PublicDocument }>(`public/documents/${enc(id)}`, { token })).data,
    pdf: async (id: string, token: string) =>
      parsePdfAnswer(await client.get<unknown>(`public/documents/${enc(id)}/pdf`, { token })),
  };
}
export type PublicDocumentsApi = ReturnType<typeof publicDocumentsApi>;
