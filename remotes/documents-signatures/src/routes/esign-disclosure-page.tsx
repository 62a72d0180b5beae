import { Anchor, Container, Link, Paper, Stack, Text } from '@atrium/ui/core';
import { DisclosureText } from '../features/signatures/disclosure';

/**
 * /legal/esign-disclosure (public): the ESIGN consumer disclosure a signer consents to, the same text and version
 * the signing page shows and the consent stores.
 */
export default function EsignDisclosurePage() {
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to="/" underline="never" ta="center">
          <Text fw={800} fz={28} c="atrium">
            Atrium
          </Text>
        </Anchor>
        <Paper withBorder shadow="sm" p="xl" radius="lg">
          <DisclosureText headingOrder={2} />
        </Paper>
        <Text ta="center" size="sm" c="dimmed">
          Questions about a document? Contact the business that sent it to you.
        </Text>
      </Stack>
    </Container>
  );
}
