import { Alert, Anchor, Link, Stack, Text } from '@atrium/ui';
import { ADMIN_MESSAGES } from '@atrium/domain-admin';

/** What a user outside the company domain sees on the admin pages (the server answered 403). */
export function AdminRefused() {
  return (
    <Alert color="gray" title="Page not available">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{ADMIN_MESSAGES.companyOnly}.</Text>
        <Anchor component={Link} to="/">
          Back to home
        </Anchor>
      </Stack>
    </Alert>
  );
}
