import { type ReactNode, useState } from 'react';
import { isApiError } from '@atrium/api-client';
import { toast } from '@atrium/event-bus';
import { Button, DeleteConfirmDialog, FileButton, Group, IconPaperclip, Paper, Stack, Text } from '@atrium/ui';

/** What an upload's answer says: a toast's level and text. */
export interface UploadOutcome {
  level: 'success' | 'warning' | 'error';
  message: string;
}

/** The calls behind a list of attachments (a task's, a meeting's): each owner's own API and messages. */
export interface AttachmentCalls<F> {
  /** The picked files' problem, said before anything is sent; null sends them (an empty pick then sends nothing). */
  check: (files: File[]) => string | null;
  upload: { send: (files: File[]) => Promise<UploadOutcome>; isPending: boolean };
  remove: { send: (file: F) => Promise<unknown>; isPending: boolean };
}

const errorText = (e: unknown, fallback: string) => (isApiError(e) && e.message ? e.message : fallback);

/**
 * A list of attachments with 'Upload files' (several at once) and a delete that asks first: the toasts of both,
 * the empty text and the confirm dialog. Each row's content (name, preview, download, the delete button calling
 * `askDelete`) and anything after the list (a preview modal) are the owner's.
 */
export function AttachmentsPanel<F extends { _id: string; name: string }>({
  files,
  calls,
  heading,
  emptyText,
  renderFile,
  editable = true,
  rowTestId,
  gap = 'sm',
  children,
}: {
  files: F[];
  calls: AttachmentCalls<F>;
  /** Left of the upload button. */
  heading: ReactNode;
  emptyText: string;
  renderFile: (file: F, askDelete: () => void) => ReactNode;
  /** Off: no upload button (a read-only owner); its rows show no delete either. */
  editable?: boolean;
  rowTestId: string;
  gap?: 'xs' | 'sm';
  children?: ReactNode;
}) {
  const [deleting, setDeleting] = useState<F | null>(null);

  const upload = async (picked: File[]) => {
    const problem = calls.check(picked);
    if (problem) {
      toast.error(problem);
      return;
    }
    if (!picked.length) return;
    try {
      const { level, message } = await calls.upload.send(picked);
      toast[level](message);
    } catch (e) {
      toast.error(errorText(e, 'The files could not be uploaded. Please try again.'));
    }
  };

  const remove = async () => {
    if (!deleting) return;
    try {
      await calls.remove.send(deleting);
      toast.success('Attachment deleted');
      setDeleting(null);
    } catch (e) {
      toast.error(errorText(e, 'The attachment could not be deleted. Please try again.'));
    }
  };

  return (
    <Stack gap={gap}>
      <Group justify="space-between">
        {heading}
        {editable && (
          <FileButton onChange={(f) => void upload(f)} multiple>
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="default"
                leftSection={<IconPaperclip size={14} />}
                loading={calls.upload.isPending}
              >
                Upload files
              </Button>
            )}
          </FileButton>
        )}
      </Group>
      {files.length === 0 ? (
        <Text size="sm" c="dimmed">
          {emptyText}
        </Text>
      ) : (
        files.map((f) => (
          <Paper key={f._id} withBorder radius="sm" p="xs" data-testid={rowTestId}>
            <Group justify="space-between" wrap="nowrap">
              {renderFile(f, () => setDeleting(f))}
            </Group>
          </Paper>
        ))
      )}
      {children}
      <DeleteConfirmDialog
        opened={!!deleting}
        title="Delete attachment"
        message={`Delete ${deleting?.name ?? 'this file'}? This action cannot be undone.`}
        loading={calls.remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void remove()}
      />
    </Stack>
  );
}
