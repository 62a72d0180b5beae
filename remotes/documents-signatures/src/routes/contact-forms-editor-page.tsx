import { useQuery } from '@tanstack/react-query';
import { isApiError } from '@atrium/api-client';
import { Alert, Button, Link, LoadError, PageSkeleton, Stack, Text, useParams } from '@atrium/ui';
import { contactFormKeys, contactForms } from '@atrium/domain-documents';
import { ContactFormEditor } from '../features/forms/contact-form-editor';

/** /contact-forms/editor/{id}: a contact form in its editor (autosaved). */
export default function ContactFormsEditorPage() {
  const { id = '' } = useParams();
  const q = useQuery({ queryKey: contactFormKeys.one(id), queryFn: () => contactForms.get(id), staleTime: Infinity });
  if (q.isPending) return <PageSkeleton rows={8} />;
  if (q.isError)
    return isApiError(q.error) && q.error.status === 404 ? (
      <Alert color="gray" title="Form not found">
        <Stack gap="xs">
          <Text size="sm">It may have been deleted.</Text>
          <Button component={Link} to="/contact-forms" variant="light" w="fit-content">
            Back to contact forms
          </Button>
        </Stack>
      </Alert>
    ) : (
      <LoadError title="The form could not be loaded" message={q.error.message} onRetry={() => void q.refetch()} />
    );
  return <ContactFormEditor key={id} form={q.data} />;
}
