import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@atrium/api-client';
import {
  Badge,
  Button,
  Container,
  Group,
  IconCheck,
  LoadError,
  PageSkeleton,
  Stack,
  Text,
  Title,
  useNavigate,
  useParams,
  useSearchParams,
} from '@atrium/ui';
import {
  DOCUMENT_TYPE_LABELS,
  documentKeys,
  packageKeys,
  publicDocuments,
  publicForms,
  publicPackages,
  type PublicPackageStep,
} from '@atrium/domain-documents';
import { BlockView, DocumentView } from '../components/document-view';
import { AnswerForm } from '../features/forms/answer-form';

/** 404/400 → /document-not-found, 410 → /document-expired (the documents' public pages). */
function useBadLink(error: unknown) {
  const navigate = useNavigate();
  const status = isApiError(error) ? error.status : null;
  useEffect(() => {
    if (status === 410) navigate('/document-expired', { replace: true });
    else if (status === 404 || status === 400) navigate('/document-not-found', { replace: true });
  }, [status, navigate]);
  return status === 410 || status === 404 || status === 400;
}

/**
 * /packages/view/{id}?token=: the client's flow through a package, signed out. A stepper over its documents; each
 * step shows its document as the public document view does (through the step's own link, which marks it viewed);
 * Next opens the following step once this one is done, Back the one before.
 */
export default function PackageViewPage() {
  const { id = '' } = useParams();
  const [url] = useSearchParams();
  const token = url.get('token') ?? '';
  const q = useQuery({
    queryKey: packageKeys.publicView(id, token),
    queryFn: () => publicPackages.view(id, token),
    retry: false,
  });
  const [active, setActive] = useState<number | null>(null);
  const redirecting = useBadLink(q.error);
  // The flow opens on the first step not done and stays where the client is while steps complete.
  const start = q.data ? (q.data.currentStep ?? Math.max(0, q.data.steps.length - 1)) : null;
  useEffect(() => {
    if (active === null && start !== null) setActive(start);
  }, [active, start]);
  if (q.isPending || redirecting) return <PageSkeleton rows={8} />;
  if (q.isError)
    return (
      <LoadError title="The package could not be loaded" message={q.error.message} onRetry={() => void q.refetch()} />
    );
  const flow = q.data;
  const current = active ?? start ?? 0;
  const step = flow.steps[current];
  /** The client may open any step up to the first not done. */
  const reachable = flow.currentStep ?? flow.steps.length - 1;
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            From {flow.business.name}
          </Text>
          <Title order={1} fz={28}>
            {flow.package.name}
          </Title>
          {flow.currentStep === null && (
            <Badge color="green" leftSection={<IconCheck size={12} />}>
              All done
            </Badge>
          )}
        </Stack>
        <Group component="ol" aria-label="Steps" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {flow.steps.map((s, i) => (
            <li key={s.documentId}>
              <Button
                size="xs"
                variant={i === current ? 'filled' : 'light'}
                color={s.done ? 'green' : undefined}
                aria-current={i === current ? 'step' : undefined}
                leftSection={s.done ? <IconCheck size={14} /> : `${i + 1}.`}
                disabled={i > reachable}
                onClick={() => setActive(i)}
              >
                {s.title} · {DOCUMENT_TYPE_LABELS[s.type]}
              </Button>
            </li>
          ))}
        </Group>
        {step && <StepDocument key={step.documentId} packageId={id} token={token} step={step} />}
        <Group justify="space-between">
          <Button variant="default" disabled={current === 0} onClick={() => setActive(current - 1)}>
            Back
          </Button>
          <Text size="sm" c="dimmed">
            Step {current + 1} of {flow.steps.length}
          </Text>
          <Button disabled={current >= flow.steps.length - 1 || !step?.done} onClick={() => setActive(current + 1)}>
            Next
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}

/** One step: its document through the step's own link; opening it may complete the step, so the flow is read again. */
function StepDocument({ packageId, token, step }: { packageId: string; token: string; step: PublicPackageStep }) {
  const client = useQueryClient();
  const q = useQuery({
    queryKey: documentKeys.publicView(step.documentId, step.token),
    queryFn: () => publicDocuments.view(step.documentId, step.token),
    retry: false,
  });
  const loaded = q.isSuccess;
  useEffect(() => {
    if (loaded && !step.done) void client.invalidateQueries({ queryKey: packageKeys.publicView(packageId, token) });
  }, [loaded, step.done, client, packageId, token]);
  if (q.isPending) return <PageSkeleton rows={6} />;
  if (q.isError) {
    const status = isApiError(q.error) ? q.error.status : null;
    return (
      <LoadError
        title={status === 410 ? 'This document has expired' : 'This document could not be loaded'}
        message={q.error.message}
        onRetry={() => void q.refetch()}
      />
    );
  }
  const doc = q.data.document;
  return (
    <DocumentView
      doc={doc}
      from={q.data.business.name}
      body={
        // A questionnaire step is answered here, as through its own link; the answer completes the step.
        doc.type === 'questionnaire' && doc.status !== 'completed' ? (
          <AnswerForm
            blocks={doc.blocks}
            renderBlock={(b) => <BlockView block={b} />}
            submitLabel="Submit answers"
            onSubmit={async ({ answers }) => {
              const answer = await publicForms.answerQuestionnaire(step.documentId, step.token, { answers });
              void client.invalidateQueries({ queryKey: packageKeys.publicView(packageId, token) });
              return answer.message;
            }}
            uploadFile={(file) => publicForms.uploadQuestionnaireFile(step.documentId, step.token, file)}
          />
        ) : undefined
      }
    />
  );
}
