import { Alert, Button, formatCount, Group, Paper, SimpleGrid, Stack, Text } from '@atrium/ui';
import type { ContactValidateResult } from '@atrium/domain-crm';
import { RowErrorsTable } from './row-errors-table';

/** Errors listed in the dialog; the error file holds them all. */
const SHOWN_ERRORS = 100;

interface ValidateStepProps {
  result: ContactValidateResult;
  onBack: () => void;
  onDownloadErrors: () => void;
  onImport: () => void;
  starting: boolean;
  error: string | null;
}

function Count({ label, value, hint }: { label: string; value: number; hint?: string }) {
  return (
    <Paper withBorder radius="md" p="sm" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={22} fw={700}>
        {formatCount(value)}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}

/** Step 3: what the import will do, the first row errors and the error file. */
export function ValidateStep({ result, onBack, onDownloadErrors, onImport, starting, error }: ValidateStepProps) {
  const toImport = result.valid - result.repeated;
  const toCreate = toImport - result.existing;
  return (
    <Stack gap="md">
      <SimpleGrid cols={3}>
        <Count label="Valid" value={result.valid} hint={`of ${formatCount(result.total)} rows`} />
        <Count label="Invalid" value={result.invalid} hint="will be skipped" />
        <Count
          label="Duplicates"
          value={result.duplicates}
          hint={`${formatCount(result.existing)} update existing, ${formatCount(result.repeated)} repeated in file`}
        />
      </SimpleGrid>
      <Text size="sm" data-testid="import-plan">
        The import will create {formatCount(toCreate)}, update {formatCount(result.existing)} and skip{' '}
        {formatCount(result.invalid + result.repeated)} contacts.
      </Text>
      {result.errorCount > 0 && (
        <Stack gap="xs">
          <Group justify="space-between">
            <Text size="sm" fw={500}>
              {formatCount(result.errorCount)} {result.errorCount === 1 ? 'problem' : 'problems'}
              {result.errorCount > SHOWN_ERRORS ? ` (first ${SHOWN_ERRORS} shown)` : ''}
            </Text>
            <Button size="xs" variant="default" onClick={onDownloadErrors} disabled={!result.errorCsv}>
              Download error file
            </Button>
          </Group>
          <RowErrorsTable errors={result.errors.slice(0, SHOWN_ERRORS)} label="Row errors" maxHeight={220} />
        </Stack>
      )}
      {error && (
        <Alert color="red" title="The import could not start" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={onBack} disabled={starting}>
          Back
        </Button>
        <Button onClick={onImport} disabled={toImport === 0} loading={starting}>
          {`Import ${formatCount(toImport)} ${toImport === 1 ? 'contact' : 'contacts'}`}
        </Button>
      </Group>
    </Stack>
  );
}
