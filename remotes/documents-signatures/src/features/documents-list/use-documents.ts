import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { documentKeys, documents, type DocumentListParams } from '@atrium/domain-documents';

/** One page of the business's documents (or templates), kept on screen while the next page loads. */
export function useDocuments(params: DocumentListParams) {
  return useQuery({
    queryKey: documentKeys.list(params),
    queryFn: ({ signal }) => documents.list(params, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The list's row actions; each refreshes every view of documents when it is done. */
export function useDocumentActions() {
  const client = useQueryClient();
  const done = () => client.invalidateQueries({ queryKey: documentKeys.all });
  return {
    duplicate: useMutation({ mutationFn: documents.duplicate, onSuccess: done }),
    saveAsTemplate: useMutation({ mutationFn: documents.saveAsTemplate, onSuccess: done }),
    fromTemplate: useMutation({ mutationFn: (id: string) => documents.createFromTemplate(id), onSuccess: done }),
    remove: useMutation({ mutationFn: documents.remove, onSuccess: done }),
  };
}
