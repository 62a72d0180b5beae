// '@atrium/ui/core' only: /legal/esign-disclosure is a public page a signed-out visitor opens first.
import { Anchor, Box, Checkbox, Link, Stack, Text, Title } from '@atrium/ui/core';
import { ESIGN_DISCLOSURE } from '@atrium/domain-documents';

/** The ESIGN consumer disclosure of the slice (its version is what a consent stores), with its version line. */
export function DisclosureText({ headingOrder = 3 }: { headingOrder?: 2 | 3 | 4 }) {
  return (
    <Stack gap="sm">
      <Title order={headingOrder} fz="md">
        {ESIGN_DISCLOSURE.title}
      </Title>
      {ESIGN_DISCLOSURE.paragraphs.map((p) => (
        <Text key={p} size="sm">
          {p}
        </Text>
      ))}
      <Text size="xs" c="dimmed">
        Version {ESIGN_DISCLOSURE.version}
      </Text>
    </Stack>
  );
}

export const CONSENT_LABEL =
  'I have read the electronic signature disclosure and agree to use electronic records and signatures for this document.';

/** The disclosure in a scrollable box, a link to its own page, and the consent checkbox. */
export function ConsentBox({
  checked,
  onChange,
  disabled,
  error,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  error?: string;
}) {
  return (
    <Stack gap="sm">
      <Box
        mah={260}
        p="sm"
        tabIndex={0}
        aria-label="Electronic signature disclosure"
        style={{ overflowY: 'auto', border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}
      >
        <DisclosureText headingOrder={4} />
      </Box>
      <Anchor component={Link} to="/legal/esign-disclosure" target="_blank" size="sm">
        Open the disclosure in a new tab
      </Anchor>
      <Checkbox
        label={CONSENT_LABEL}
        checked={checked}
        disabled={disabled}
        error={error}
        onChange={(e) => onChange(e.currentTarget.checked)}
      />
    </Stack>
  );
}
