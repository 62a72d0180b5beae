import { Text } from '@atrium/ui';
import type { ResponseAnswer } from '@atrium/domain-documents';

/** An answer as text: a list joined, a file by its name, nothing as a dash. */
export function answerText(value: ResponseAnswer['value']): string {
  if (value === null || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.join(', ') : '—';
  if (typeof value === 'object') return value.name;
  return String(value);
}

export function AnswerValue({ value }: { value: ResponseAnswer['value'] }) {
  return (
    <Text size="sm" c={value === null ? 'dimmed' : undefined} style={{ whiteSpace: 'pre-wrap' }}>
      {answerText(value)}
    </Text>
  );
}
