import { useEffect, useRef, useState } from 'react';
import { Button, Group, LoadError, PageSkeleton, Stack, Text, Title, useNavigate, useSearchParams } from '@atrium/ui';
import { DOCUMENT_TYPES, DOCUMENT_TYPE_LABELS, documents, type DocumentType } from '@atrium/domain-documents';
import { editorPath } from '../lib/paths';

const isType = (v: string | null): v is DocumentType => (DOCUMENT_TYPES as readonly string[]).includes(v ?? '');

/**
 * /documents/create?type=invoice|contract|questionnaire: creates a draft through the API and replaces the address
 * with its editor (Back does not create another). Without a known type it asks which one.
 */
export default function DocumentCreatePage() {
  const [url] = useSearchParams();
  const navigate = useNavigate();
  const type = url.get('type');
  const started = useRef<string | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!isType(type)) return;
    const key = `${type}:${attempt}`;
    if (started.current === key) return;
    started.current = key;
    setError(null);
    documents
      .create({ type, title: `Untitled ${DOCUMENT_TYPE_LABELS[type].toLowerCase()}` })
      .then((d) => navigate(editorPath(d._id), { replace: true }))
      .catch((e: Error) => setError(e));
  }, [type, attempt, navigate]);

  if (!isType(type))
    return (
      <Stack gap="md">
        <Title order={1} fz={26}>
          New document
        </Title>
        <Text>What would you like to create?</Text>
        <Group>
          {DOCUMENT_TYPES.map((t) => (
            <Button key={t} variant="light" onClick={() => navigate(`/documents/create?type=${t}`, { replace: true })}>
              {DOCUMENT_TYPE_LABELS[t]}
            </Button>
          ))}
        </Group>
      </Stack>
    );
  if (error)
    return (
      <LoadError
        title="The document could not be created"
        message={error.message}
        onRetry={() => setAttempt((a) => a + 1)}
      />
    );
  return <PageSkeleton rows={6} />;
}
