import { Anchor, Text } from '@atrium/ui';
import { answerFileDownloadPath, type ResponseAnswer } from '@atrium/domain-documents';

/** An answer as text: a list joined, a file by its name, nothing as a dash. */
export function answerText(value: ResponseAnswer['value']): string {
  if (value === null || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.join(', ') : '—';
  if (typeof value === 'object') return value.name;
  return String(value);
}

/** An answer as its owner reads it: a file is a link that downloads it (the file manager's download, signed in). */
export function AnswerValue({ value }: { value: ResponseAnswer['value'] }) {
  if (value !== null && typeof value === 'object' && !Array.isArray(value))
    return (
      <Anchor size="sm" href={answerFileDownloadPath(value.fileId)} download={value.name}>
        {value.name}
      </Anchor>
    );
  return (
    <Text size="sm" c={value === null ? 'dimmed' : undefined} style={{ whiteSpace: 'pre-wrap' }}>
      {answerText(value)}
    </Text>
  );
}
