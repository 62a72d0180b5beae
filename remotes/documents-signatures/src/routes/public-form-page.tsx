import { useQuery } from '@tanstack/react-query';
import { isApiError } from '@atrium/api-client';
import { CardPage, Container, LoadError, PageSkeleton, Paper, Stack, Text, Title, useParams } from '@atrium/ui';
import { contactFormKeys, publicForms } from '@atrium/domain-documents';
import { AnswerForm } from '../features/forms/answer-form';

export const FORM_UNAVAILABLE = 'This form is not available';

/**
 * /forms/{publicId}: a business's contact form for anyone (signed out, or inside a website through the embed
 * snippet's iframe). An unknown or inactive form is a plain "not available" page.
 */
export default function PublicFormPage() {
  const { publicId = '' } = useParams();
  const q = useQuery({
    queryKey: contactFormKeys.publicForm(publicId),
    queryFn: () => publicForms.get(publicId),
    retry: false,
  });
  if (q.isPending)
    return (
      <Container size="sm" py="xl">
        <PageSkeleton rows={6} />
      </Container>
    );
  if (q.isError) {
    if (isApiError(q.error) && (q.error.status === 404 || q.error.status === 400))
      return (
        <CardPage title={FORM_UNAVAILABLE}>
          <Text>The form may have been closed or removed, or the link may be incomplete.</Text>
        </CardPage>
      );
    return (
      <Container size="sm" py="xl">
        <LoadError title="The form could not be loaded" message={q.error.message} onRetry={() => void q.refetch()} />
      </Container>
    );
  }
  const form = q.data;
  return (
    <Container size="sm" py="xl">
      <Paper withBorder radius="md" p="xl">
        <Stack gap="lg">
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              {form.business.name}
            </Text>
            <Title order={1} fz={26}>
              {form.name}
            </Title>
            {form.description && <Text style={{ whiteSpace: 'pre-wrap' }}>{form.description}</Text>}
          </Stack>
          <AnswerForm
            askContact
            blocks={form.questions}
            onSubmit={async ({ contact, ...rest }) =>
              (await publicForms.submit(publicId, { ...rest, contact: contact! })).message
            }
            uploadFile={(file) => publicForms.uploadFormFile(publicId, file)}
          />
        </Stack>
      </Paper>
    </Container>
  );
}
