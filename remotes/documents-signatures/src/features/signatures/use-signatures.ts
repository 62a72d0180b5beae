import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ESIGN_DISCLOSURE,
  documentKeys,
  signatureKeys,
  signatures,
  type SignatureInput,
  type Workflow,
  type WorkflowCreateInput,
  type WorkflowListParams,
} from '@atrium/domain-documents';

/** One page of the business's signature workflows, kept on screen while the next page loads. */
export function useWorkflows(params: WorkflowListParams) {
  return useQuery({
    queryKey: signatureKeys.list(params),
    queryFn: ({ signal }) => signatures.list(params, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** One workflow: its signers in order and its audit trail. */
export function useWorkflow(id: string) {
  return useQuery({ queryKey: signatureKeys.one(id), queryFn: () => signatures.get(id) });
}

/** The document's latest workflow, or null when it has none (the 404 is passed quietly by the client). */
export function useDocumentWorkflow(documentId: string, enabled = true) {
  return useQuery({
    queryKey: signatureKeys.byDocument(documentId),
    queryFn: () => signatures.byDocument(documentId),
    enabled,
  });
}

/** The server's check of the stored signed PDF (seal and hash) and of the audit chain; only once completed. */
export function useVerification(id: string, enabled: boolean) {
  return useQuery({
    queryKey: signatureKeys.verify(id),
    queryFn: () => signatures.verify(id),
    enabled,
    staleTime: Infinity,
  });
}

/**
 * The owner's actions on workflows. Each one writes the answer into the workflow's cache entry and refreshes the
 * lists; signing may complete the contract, so documents are refreshed too.
 */
export function useWorkflowActions() {
  const client = useQueryClient();
  const settle = (w: Workflow) => {
    client.setQueryData(signatureKeys.one(w._id), w);
    void client.invalidateQueries({ queryKey: signatureKeys.all, predicate: (q) => q.queryKey[1] !== 'one' });
    void client.invalidateQueries({ queryKey: documentKeys.all });
  };
  return {
    /** Creates the workflow (a draft) and sends it: the invitations go out. */
    createAndSend: useMutation({
      mutationFn: async (input: WorkflowCreateInput) => {
        const created = await signatures.create(input);
        try {
          return await signatures.send(created._id);
        } catch (e) {
          // The draft exists: refresh so it shows, then report the send's failure.
          settle(created);
          throw e;
        }
      },
      onSuccess: (a) => settle(a.workflow),
    }),
    send: useMutation({ mutationFn: (id: string) => signatures.send(id), onSuccess: (a) => settle(a.workflow) }),
    remind: useMutation({ mutationFn: (id: string) => signatures.remind(id), onSuccess: (a) => settle(a.workflow) }),
    void: useMutation({
      mutationFn: ({ id, reason }: { id: string; reason: string }) => signatures.void(id, { reason }),
      onSuccess: settle,
    }),
    ownerConsent: useMutation({
      mutationFn: (id: string) =>
        signatures.ownerConsent(id, { disclosureVersion: ESIGN_DISCLOSURE.version, accepted: true }),
      onSuccess: settle,
    }),
    ownerSign: useMutation({
      mutationFn: ({ id, signature }: { id: string; signature: SignatureInput }) =>
        signatures.ownerSign(id, { signature }),
      onSuccess: settle,
    }),
  };
}
