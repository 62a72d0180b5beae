import { useRef, useState, type DragEvent } from 'react';
import { Alert, Button, Paper, Stack, Text } from '@atrium/ui';
import { fileProblem } from './import-helpers';

interface FileStepProps {
  /** Called with a file that passed the browser's checks. */
  onFile: (file: File) => void;
  uploading: boolean;
  /** The server's answer to the last upload, when it refused it. */
  error: string | null;
}

/** Step 1: a drop area and a file picker; size and type are checked here before anything is sent. */
export function FileStep({ onFile, uploading, error }: FileStepProps) {
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [over, setOver] = useState(false);

  const take = (file: File | undefined) => {
    if (!file) return;
    const p = fileProblem(file);
    setProblem(p);
    if (!p) onFile(file);
  };

  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (!uploading) take(e.dataTransfer.files[0]);
  };

  const message = problem ?? error;
  return (
    <Stack gap="md">
      <Paper
        withBorder
        radius="md"
        p="xl"
        data-testid="import-drop-zone"
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        style={{
          borderStyle: 'dashed',
          borderWidth: 2,
          borderColor: over ? 'var(--mantine-primary-color-filled)' : undefined,
          textAlign: 'center',
        }}
      >
        <Stack gap="xs" align="center">
          <Text fw={500}>Drag a CSV file here</Text>
          <Text size="sm" c="dimmed">
            UTF-8 encoded, with a header row, at most 10 MB
          </Text>
          <Button variant="default" onClick={() => input.current?.click()} loading={uploading}>
            Choose file
          </Button>
          <input
            ref={input}
            type="file"
            accept=".csv,text/csv"
            aria-label="CSV file"
            style={{ display: 'none' }}
            onChange={(e) => {
              take(e.currentTarget.files?.[0]);
              // Choosing the same file again still fires change.
              e.currentTarget.value = '';
            }}
          />
        </Stack>
      </Paper>
      {uploading && (
        <Text size="sm" c="dimmed" role="status">
          Uploading and reading the file...
        </Text>
      )}
      {message && (
        <Alert color="red" title="This file cannot be imported" role="alert">
          {message}
        </Alert>
      )}
    </Stack>
  );
}
