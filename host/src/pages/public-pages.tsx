import { Link } from 'react-router-dom';
import { Anchor, Button, Stack, Text } from '@atrium/ui';
import { AuthLayout } from '../auth/auth-layout';

function Message({ title, body }: { title: string; body: string }) {
  return (
    <AuthLayout title={title}>
      <Stack>
        <Text>{body}</Text>
        <Button component={Link} to="/signin" variant="light">
          Go to sign in
        </Button>
      </Stack>
    </AuthLayout>
  );
}

export const DocumentExpiredPage = () => (
  <Message
    title="This document has expired"
    body="The link you followed is no longer valid. Ask the sender for a new link."
  />
);

export const DocumentNotFoundPage = () => (
  <Message
    title="Document not found"
    body="We couldn't find this document. It may have been deleted, or the link may be incomplete."
  />
);

export function EsignDisclosurePage() {
  return (
    <AuthLayout title="Electronic signature disclosure">
      <Stack gap="sm">
        <Text size="sm">
          By signing a document electronically through Atrium you agree that your electronic signature is the legal
          equivalent of your handwritten signature, and that you consent to receive documents and notices
          electronically.
        </Text>
        <Text size="sm">
          You may ask the sender for a paper copy of any document at no charge, and you may withdraw your consent to
          sign electronically at any time by telling the sender before you sign. To sign electronically you need a
          current web browser and an email address.
        </Text>
        <Anchor component={Link} to="/signin" size="sm">
          Back to Atrium
        </Anchor>
      </Stack>
    </AuthLayout>
  );
}

/**
 * Public routes whose flows arrive with later issues (invoice payment). They exist in the router, stay public,
 * and say plainly that the flow is not available in this deployment yet instead of sending the visitor to sign
 * in or faking a result.
 */
export function UnavailableFlowPage({ title }: { title: string }) {
  return (
    <Message
      title={title}
      body="This part of Atrium is not available on this deployment yet. Nothing was changed. Please contact the person who sent you here, or sign in to continue."
    />
  );
}
