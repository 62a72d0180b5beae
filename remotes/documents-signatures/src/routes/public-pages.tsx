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
