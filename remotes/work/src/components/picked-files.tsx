import { useState } from 'react';
import { ActionIcon, Button, FileButton, Group, IconPaperclip, IconTrash, Stack, Text } from '@atrium/ui';
import { checkPickedFiles } from '../lib/create-with-files';
import { fileSize } from './file-parts';

/**
 * Files picked in a '+ New' modal before the record exists (a task's, a meeting's): Add files, the list with a
 * Remove button each, and the slice's limits checked as files are added. They upload once the record is created.
 */
export function PickedFiles({
  files,
  onChange,
  hint,
}: {
  files: File[];
  onChange: (files: File[]) => void;
  /** Shown while none is picked. */
  hint: string;
}) {
  const [error, setError] = useState<string | null>(null);
  const pick = (picked: File[]) => {
    const next = [...files, ...picked];
    const problem = checkPickedFiles(next);
    setError(problem);
    if (!problem) onChange(next);
  };
  return (
    <Stack gap={6}>
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          Attachments
        </Text>
        <FileButton onChange={pick} multiple>
          {(props) => (
            <Button {...props} size="xs" variant="default" leftSection={<IconPaperclip size={14} />}>
              Add files
            </Button>
          )}
        </FileButton>
      </Group>
      {files.length === 0 ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : (
        <Stack gap={4} data-testid="picked-files">
          {files.map((f, i) => (
            <Group key={`${f.name}-${i}`} justify="space-between" wrap="nowrap">
              <Text size="sm" truncate>
                {f.name}{' '}
                <Text span size="xs" c="dimmed">
                  {fileSize(f.size)}
                </Text>
              </Text>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Remove ${f.name}`}
                onClick={() => onChange(files.filter((_, j) => j !== i))}
              >
                <IconTrash size={14} />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      )}
      {error && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
