import { Alert, Button, formatCount, Group, Paper, SimpleGrid, Stack, Text } from '@atrium/ui';
import { isContactImportDone, type ContactImportJob } from '@atrium/domain-crm';
import { RowErrorsTable } from './row-errors-table';
import { ProgressBar } from './progress-bar';

interface ProgressStepProps {
  job: ContactImportJob | undefined;
  /** The status call failed (the import itself goes on on the server). */
  error: string | null;
  /** The job is not this business's (switched business) or no longer exists: nothing more will come. */
  gone?: boolean;
  onClose: () => void;
  onAnother: () => void;
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder radius="md" p="sm" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={22} fw={700}>
        {formatCount(value)}
      </Text>
    </Paper>
  );
}

/** Step 4: progress while the job runs, then its summary. */
export function ProgressStep({ job, error, gone = false, onClose, onAnother }: ProgressStepProps) {
  if (gone) {
    return (
      <Stack gap="md">
        <Alert color="gray" title="Import not found">
          This import is not in the current business. Switch back to the business it was started in to see it.
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onAnother}>
            Import another file
          </Button>
        </Group>
      </Stack>
    );
  }
  const done = !!job && isContactImportDone(job.status);
  const percent = job && job.total > 0 ? (job.processed / job.total) * 100 : 0;
  return (
    <Stack gap="md">
      {!done && (
        <Stack gap={6}>
          <ProgressBar value={percent} label="Import progress" />
          <Text size="sm" c="dimmed" role="status">
            {job
              ? job.status === 'queued'
                ? 'Waiting to start...'
                : job.resuming
                  ? `Resuming after an interruption: ${formatCount(job.processed)} of ${formatCount(job.total)} rows imported...`
                  : `Imported ${formatCount(job.processed)} of ${formatCount(job.total)} rows...`
              : 'Starting...'}
          </Text>
          <Text size="xs" c="dimmed">
            You can close this window: the import goes on in the background.
          </Text>
        </Stack>
      )}
      {error && !done && (
        <Alert color="yellow" title="Progress unavailable">
          {error}
        </Alert>
      )}
      {job?.status === 'failed' && (
        <Alert color="red" title="Import failed" role="alert">
          {job.failure ?? 'The import failed. Please try again.'}
        </Alert>
      )}
      {done && job && (
        <Stack gap="sm" data-testid="import-summary">
          {job.status === 'completed' && (
            <Text fw={500}>Import complete: {formatCount(job.processed)} rows processed.</Text>
          )}
          <SimpleGrid cols={4}>
            <Figure label="Created" value={job.created} />
            <Figure label="Updated" value={job.updated} />
            <Figure label="Unchanged" value={job.unchanged} />
            <Figure label="Skipped" value={job.skipped} />
          </SimpleGrid>
          {job.errors.length > 0 && <RowErrorsTable errors={job.errors} label="Skipped rows" maxHeight={180} />}
          {job.errorCount > job.errors.length && (
            <Text size="xs" c="dimmed">
              {formatCount(job.errorCount - job.errors.length)} more problems not listed.
            </Text>
          )}
        </Stack>
      )}
      <Group justify="flex-end">
        {done && (
          <Button variant="default" onClick={onAnother}>
            Import another file
          </Button>
        )}
        <Button onClick={onClose} variant={done ? 'filled' : 'default'}>
          {done ? 'Done' : 'Close'}
        </Button>
      </Group>
    </Stack>
  );
}
