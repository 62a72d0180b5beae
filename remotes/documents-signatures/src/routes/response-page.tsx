import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@atrium/api-client';
import { toast } from '@atrium/event-bus';
import {
  Alert,
  Anchor,
  Button,
  DeleteConfirmDialog,
  Group,
  IconTrash,
  Link,
  LoadError,
  PageSkeleton,
  Paper,
  Stack,
  Text,
  Title,
  handleError,
  useNavigate,
  useParams,
} from '@atrium/ui';
import {
  FORM_MESSAGES,
  RESPONSE_SOURCE_LABELS,
  responseKeys,
  responses,
  type FormResponse,
} from '@atrium/domain-documents';
import { contactFormEditorPath, contactPath } from '../lib/paths';
import { AnswerValue } from '../features/responses/answer-value';
import { submittedAt } from '../features/responses/responses-table';

/** Where the response came from: a contact form's editor, or a questionnaire's responses page. */
const sourcePath = (r: FormResponse) =>
  r.formId
    ? contactFormEditorPath(r.formId)
    : r.documentId
      ? `/documents/responses/${encodeURIComponent(r.documentId)}`
      : null;

/** /response/{submissionId}: one submission — its answers under the questions as they were asked, its contact. */
export default function ResponsePage() {
  const { submissionId = '' } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const q = useQuery({ queryKey: responseKeys.one(submissionId), queryFn: () => responses.get(submissionId) });
  const [deleting, setDeleting] = useState(false);
  const remove = useMutation({
    mutationFn: responses.remove,
    onSuccess: () => client.invalidateQueries({ queryKey: responseKeys.all }),
  });

  if (q.isPending) return <PageSkeleton rows={6} />;
  if (q.isError)
    return isApiError(q.error) && q.error.status === 404 ? (
      <Alert color="gray" title={FORM_MESSAGES.responseNotFound}>
        <Stack gap="xs">
          <Text size="sm">It may have been deleted.</Text>
          <Button component={Link} to="/responses" variant="light" w="fit-content">
            Back to responses
          </Button>
        </Stack>
      </Alert>
    ) : (
      <LoadError title="The response could not be loaded" message={q.error.message} onRetry={() => void q.refetch()} />
    );
  const r = q.data;
  const from = sourcePath(r);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Anchor component={Link} to="/responses" size="sm">
            Responses
          </Anchor>
          <Title order={1} fz={26}>
            {from ? (
              <Anchor component={Link} to={from} inherit>
                {r.title}
              </Anchor>
            ) : (
              r.title
            )}
          </Title>
          <Text size="sm" c="dimmed">
            {RESPONSE_SOURCE_LABELS[r.source]} · {submittedAt(r.createdAt)}
          </Text>
        </Stack>
        <Button variant="default" color="red" leftSection={<IconTrash size={16} />} onClick={() => setDeleting(true)}>
          Delete
        </Button>
      </Group>
      <Paper withBorder radius="md" p="md">
        <Text size="xs" fw={600} c="dimmed" tt="uppercase" mb={4}>
          Contact
        </Text>
        {r.contact ? (
          <Group gap="xs">
            {r.contactId ? (
              <Anchor component={Link} to={contactPath(r.contactId)} fw={500}>
                {r.contact.name}
              </Anchor>
            ) : (
              <Text fw={500}>{r.contact.name}</Text>
            )}
            {r.contact.email && (
              <Text size="sm" c="dimmed">
                {r.contact.email}
              </Text>
            )}
          </Group>
        ) : (
          <Text c="dimmed">No contact</Text>
        )}
      </Paper>
      <Paper withBorder radius="md" p="md">
        {/* Outside the list: a <dl> holds only its terms and descriptions. */}
        {r.answers.length === 0 && <Text c="dimmed">No answers</Text>}
        <Stack gap="md" component="dl" m={0} aria-label="Answers">
          {r.answers.map((a) => (
            <Stack key={a.questionId} gap={2}>
              <Text component="dt" size="sm" fw={600}>
                {a.label}
              </Text>
              <Stack component="dd" m={0}>
                <AnswerValue value={a.value} />
              </Stack>
            </Stack>
          ))}
        </Stack>
      </Paper>
      <DeleteConfirmDialog
        opened={deleting}
        message={FORM_MESSAGES.deleteConfirm}
        loading={remove.isPending}
        onCancel={() => setDeleting(false)}
        onConfirm={() =>
          remove.mutate(r._id, {
            onSuccess: () => {
              toast.success('Response deleted');
              navigate('/responses', { replace: true });
            },
            onError: (e) => handleError(e),
          })
        }
      />
    </Stack>
  );
}
