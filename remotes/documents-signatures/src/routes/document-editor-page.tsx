import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '@atrium/api-client';
import {
  Alert,
  Button,
  Group,
  Link,
  LoadError,
  PageSkeleton,
  Stack,
  Text,
  VisuallyHidden,
  useParams,
} from '@atrium/ui';
import { documentKeys, documents, isEditable } from '@atrium/domain-documents';
import { DocumentEditor } from '../features/editor/document-editor';
import { viewPath } from '../lib/paths';
import { SignatureAction } from '../features/signatures/signature-action';

/** /documents/editor/{id}: a draft or a template in the editor; a sent document opens read-only elsewhere. */
export default function DocumentEditorPage() {
  const { id = '' } = useParams();
  const q = useQuery({ queryKey: documentKeys.one(id), queryFn: () => documents.get(id), staleTime: Infinity });
  if (q.isPending) return <PageSkeleton rows={8} />;
  if (q.isError)
    return isApiError(q.error) && q.error.status === 404 ? (
      <Alert color="gray" title="Document not found">
        <Stack gap="xs">
          <Text size="sm">It may have been deleted.</Text>
          <Button component={Link} to="/documents" variant="light" w="fit-content">
            Back to documents
          </Button>
        </Stack>
      </Alert>
    ) : (
      <LoadError title="The document could not be loaded" message={q.error.message} onRetry={() => void q.refetch()} />
    );
  // The editor stays mounted once open (its send dialog shows the link after the status changes).
  return <EditorOrFrozen key={id} doc={q.data} />;
}

function EditorOrFrozen({ doc }: { doc: Parameters<typeof DocumentEditor>[0]['doc'] }) {
  const [editable] = useState(() => isEditable(doc));
  // The page's heading for screen readers: the editor shows the title as an input, the frozen view in an alert.
  const heading = <VisuallyHidden component="h1">{doc.title}</VisuallyHidden>;
  if (editable)
    return (
      <>
        {heading}
        <DocumentEditor
          doc={doc}
          actions={({ flush }) => doc.type === 'contract' && <SignatureAction doc={doc} beforeOpen={flush} />}
        />
      </>
    );
  return (
    <>
      {heading}
      <Alert color="blue" title={doc.title}>
        <Stack gap="xs">
          <Text size="sm">
            This document was sent, so its content cannot change. Duplicate it from the documents list to make a new
            version.
          </Text>
          <Group>
            <Button component={Link} to={viewPath(doc._id)} w="fit-content">
              View it
            </Button>
            <Button component={Link} to="/documents" variant="default" w="fit-content">
              Back to documents
            </Button>
          </Group>
        </Stack>
      </Alert>
    </>
  );
}
