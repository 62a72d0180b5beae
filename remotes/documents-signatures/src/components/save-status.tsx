import { Anchor, Group, Text } from '@atrium/ui';
import { DOCUMENT_MESSAGES } from '@atrium/domain-documents';
import type { SaveState } from '../hooks/use-autosave';

/** The autosave state as the author sees it. */
export function SaveStatus({ state, onRetry }: { state: SaveState; onRetry: () => void }) {
  if (state === 'failed')
    return (
      <Group gap={6} role="status">
        <Text size="sm" c="red">
          Save failed —
        </Text>
        <Anchor component="button" size="sm" c="red" fw={600} onClick={onRetry}>
          retry
        </Anchor>
      </Group>
    );
  const text: Record<Exclude<SaveState, 'failed'>, string> = {
    idle: 'Saved',
    pending: DOCUMENT_MESSAGES.saving,
    saving: DOCUMENT_MESSAGES.saving,
    saved: DOCUMENT_MESSAGES.saved,
    invalid: 'Not saved: fix the marked fields',
  };
  return (
    <Text size="sm" c={state === 'invalid' ? 'orange' : 'dimmed'} role="status">
      {text[state]}
    </Text>
  );
}
