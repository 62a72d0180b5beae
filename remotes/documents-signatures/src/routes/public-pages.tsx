import { Button, CardPage, Link, Stack, Text } from '@atrium/ui/core';

/** The public routes of docs/requirements.md §2 this remote serves; they render outside the shell, signed in or not. */
function Message({ title, body }: { title: string; body: string }) {
  return (
    <CardPage title={title}>
      <Stack>
        <Text>{body}</Text>
        <Button component={Link} to="/signin" variant="light">
          Go to sign in
        </Button>
      </Stack>
    </CardPage>
  );
}

/** /document-expired */
export const DocumentExpiredPage = () => (
  <Message
    title="This document has expired"
    body="The link you followed is no longer valid. Ask the sender for a new link."
  />
);

/** /document-not-found and /document-error (the same page). */
export const DocumentNotFoundPage = () => (
  <Message
    title="Document not found"
    body="We couldn't find this document. It may have been deleted, or the link may be incomplete."
  />
);

/**
 * Public routes whose flows arrive with later issues (invoice payment). They exist in the router, stay public,
 * and say plainly that the flow is not available in this deployment yet instead of sending the visitor to sign
 * in or faking a result.
 */
function UnavailableFlowPage({ title }: { title: string }) {
  return (
    <Message
      title={title}
      body="This part of Atrium is not available on this deployment yet. Nothing was changed. Please contact the person who sent you here, or sign in to continue."
    />
  );
}

/** /invoices/pay (view invoice) */
export const InvoicePayPage = () => <UnavailableFlowPage title="Invoice" />;

/** /invoice-payment-success */
export const InvoicePaymentSuccessPage = () => <UnavailableFlowPage title="Payment received" />;
