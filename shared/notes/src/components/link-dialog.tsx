import { useState, type KeyboardEvent } from 'react';
import { Button, DraggableModal, Group, TextInput } from '@atrium/ui';

export const LINK_DIALOG_TITLE = 'Add Link';

interface LinkDialogProps {
  opened: boolean;
  /** The URL to start from (the link under the cursor when editing one). */
  initialUrl?: string;
  onSubmit: (url: string) => void;
  onClose: () => void;
}

/** docs/requirements.md §2: a dialog 'Add Link' with a URL field; Add Link is disabled while it is blank; Enter confirms, Esc cancels. */
export function LinkDialog({ opened, initialUrl = '', onSubmit, onClose }: LinkDialogProps) {
  return (
    <DraggableModal modalId="notes:add-link" opened={opened} onClose={onClose} title={LINK_DIALOG_TITLE} size="sm">
      {/* Mounted per opening, so the field starts from initialUrl each time. */}
      {opened && <LinkForm initialUrl={initialUrl} onSubmit={onSubmit} onClose={onClose} />}
    </DraggableModal>
  );
}

function LinkForm({ initialUrl, onSubmit, onClose }: Omit<LinkDialogProps, 'opened'> & { initialUrl: string }) {
  const [url, setUrl] = useState(initialUrl);
  const blank = url.trim() === '';
  const submit = () => {
    if (!blank) onSubmit(url.trim());
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      submit();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
    }
  };
  return (
    <>
      <TextInput
        label="URL"
        placeholder="https://example.com"
        value={url}
        onChange={(event) => setUrl(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        data-autofocus
      />
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={submit} disabled={blank}>
          Add Link
        </Button>
      </Group>
    </>
  );
}
