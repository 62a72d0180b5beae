import type { ApiClient } from '@atrium/api-client';
import type {
  ConsentInput,
  DeclineInput,
  SignInput,
  SigningSession,
  SigningStepAnswer,
  VoidInput,
  Workflow,
  WorkflowCreateInput,
  WorkflowDocumentAnswer,
  WorkflowListAnswer,
  WorkflowListParams,
  WorkflowSendAnswer,
  WorkflowVerifyAnswer,
} from '../signatures';
import { parsePdfAnswer } from '../pdf';

const enc = encodeURIComponent;

function listParams(params: WorkflowListParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params) as [string, unknown][]) {
    if (value === undefined || value === null || value === '') continue;
    out[key] = String(value);
  }
  return out;
}

/** The business's signature workflows (signed in; docs/requirements.md "Signatures server"). */
export function signaturesApi(client: ApiClient) {
  const base = (id: string) => `signatures/workflows/${enc(id)}`;
  return {
    /** GET /signatures/workflows: one page (success, data, pagination), newest first; filter by status. */
    list: (params: WorkflowListParams = {}, options?: { signal?: AbortSignal }) =>
      client.get<WorkflowListAnswer>('signatures/workflows', listParams(params), options),
    get: async (id: string) => (await client.get<{ data: Workflow }>(base(id))).data,
    /**
     * GET /signatures/workflows/by-document/{documentId}: the document's latest workflow. 404 when it has none — the
     * api-client passes that 404 quietly (quiet.ts), and this answers null instead of throwing.
     */
    byDocument: async (documentId: string): Promise<Workflow | null> => {
      try {
        return (await client.get<{ data: Workflow }>(`signatures/workflows/by-document/${enc(documentId)}`)).data;
      } catch (err) {
        if ((err as { status?: number }).status === 404) return null;
        throw err;
      }
    },
    create: async (input: WorkflowCreateInput) =>
      (await client.post<{ data: Workflow }>('signatures/workflows', input)).data,
    /** Invites the first signer (sequential) or every client signer (any order). */
    send: async (id: string) => (await client.post<{ data: WorkflowSendAnswer }>(`${base(id)}/send`, {})).data,
    /** Emails again every invited signer who has not signed yet. */
    remind: async (id: string) => (await client.post<{ data: WorkflowSendAnswer }>(`${base(id)}/remind`, {})).data,
    void: async (id: string, input: VoidInput = {}) =>
      (await client.post<{ data: Workflow }>(`${base(id)}/void`, input)).data,
    /** The business owner's own steps, through the session (only a member whose role is owner). */
    ownerConsent: async (id: string, input: ConsentInput) =>
      (await client.post<{ data: Workflow }>(`${base(id)}/owner-consent`, input)).data,
    ownerSign: async (id: string, input: SignInput) =>
      (await client.post<{ data: Workflow }>(`${base(id)}/owner-sign`, input)).data,
    /** GET …/signed-pdf: the sealed PDF's bytes (same answer shape as a document's PDF). 409 until completed. */
    signedPdf: async (id: string) => parsePdfAnswer(await client.get<unknown>(`${base(id)}/signed-pdf`)),
    /** GET …/verify: the stored signed PDF's seal and hash checked again, and the audit chain recomputed. */
    verify: async (id: string) => (await client.get<{ data: WorkflowVerifyAnswer }>(`${base(id)}/verify`)).data,
    /** GET …/document: the contract as its signers see it (the snapshot taken at send). */
    document: async (id: string) => (await client.get<{ data: WorkflowDocumentAnswer }>(`${base(id)}/document`)).data,
    /** GET …/document-pdf: that contract's PDF (before signatures). */
    documentPdf: async (id: string) => parsePdfAnswer(await client.get<unknown>(`${base(id)}/document-pdf`)),
  };
}
export type SignaturesApi = ReturnType<typeof signaturesApi>;

/**
 * The signer's calls through the emailed link `/documents/view/{documentId}?token=sig_…` (no session). Refusals by
 * code: NOT_FOUND 404, GONE 410 (expired), SIGNATURE_LINK_USED 409 (already signed or declined), SIGNATURE_VOIDED
 * 410, SIGNATURE_DECLINED 410 (another signer declined), SIGNATURE_NOT_YOUR_TURN 409 (sequential order) —
 * SIGNATURE_ERROR_PAGES says which public page each leads to.
 */
export function publicSignaturesApi(client: ApiClient) {
  const base = (documentId: string) => `public/documents/${enc(documentId)}/signing`;
  const q = (token: string) => ({ searchParams: { token } });
  return {
    session: async (documentId: string, token: string) =>
      (await client.get<{ data: SigningSession }>(base(documentId), { token })).data,
    pdf: async (documentId: string, token: string) =>
      parsePdfAnswer(await client.get<unknown>(`${base(documentId)}/pdf`, { token })),
    consent: async (documentId: string, token: string, input: ConsentInput) =>
      (await client.post<{ data: SigningStepAnswer }>(`${base(documentId)}/consent`, input, q(token))).data,
    sign: async (documentId: string, token: string, input: SignInput) =>
      (await client.post<{ data: SigningStepAnswer }>(`${base(documentId)}/sign`, input, q(token))).data,
    decline: async (documentId: string, token: string, input: DeclineInput) =>
      (await client.post<{ data: SigningStepAnswer }>(`${base(documentId)}/decline`, input, q(token))).data,
  };
}
export type PublicSignaturesApi = ReturnType<typeof publicSignaturesApi>;
