import { Alert, Button, Group, Stack, Text, formatInstant } from '@atrium/ui';
import type { WorkflowVerifyAnswer } from '@atrium/domain-documents';

const Check = ({ ok, yes, no }: { ok: boolean; yes: string; no: string }) => (
  <Text size="sm" c={ok ? undefined : 'red'}>
    {ok ? '✓' : '✗'} {ok ? yes : no}
  </Text>
);

/** The server's check of the signed PDF: the seal, the file's SHA-256 against the stored one, the audit chain. */
export function VerificationResult({
  result,
  onRecheck,
  checking,
}: {
  result: WorkflowVerifyAnswer;
  onRecheck: () => void;
  checking: boolean;
}) {
  return (
    <Alert
      color={result.valid ? 'green' : 'red'}
      title={result.valid ? 'Signed PDF verified' : 'Verification failed'}
      role={result.valid ? 'status' : 'alert'}
    >
      <Stack gap="xs">
        <Stack gap={2}>
          <Check
            ok={result.sealValid}
            yes="The digital seal is valid: the PDF is unchanged since it was sealed."
            no="The digital seal does not verify."
          />
          <Check
            ok={result.hashMatches}
            yes="The file's SHA-256 matches the one recorded at completion."
            no="The file's SHA-256 differs from the one recorded at completion."
          />
          <Check
            ok={result.auditChainValid}
            yes="The audit trail's hash chain is intact."
            no={`The audit trail's hash chain breaks at entry ${result.auditBrokenAt ?? '?'}.`}
          />
        </Stack>
        {result.sha256 && (
          <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
            SHA-256 {result.sha256}
          </Text>
        )}
        {(result.signer || result.signedAt) && (
          <Text size="xs" c="dimmed">
            Sealed {result.signer ? `by ${result.signer}` : ''}{' '}
            {result.signedAt ? `on ${formatInstant(result.signedAt)}` : ''}
          </Text>
        )}
        {result.problems.length > 0 && (
          <Stack gap={2}>
            {result.problems.map((p) => (
              <Text key={p} size="sm" c="red">
                {p}
              </Text>
            ))}
          </Stack>
        )}
        <Group>
          <Button size="xs" variant="light" onClick={onRecheck} loading={checking}>
            Verify again
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
