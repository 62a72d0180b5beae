import { useState } from 'react';
import { isApiError } from '@atrium/api-client';
import { toast } from '@atrium/event-bus';
import {
  ActionIcon,
  Anchor,
  Button,
  DeleteConfirmDialog,
  FileButton,
  Group,
  IconPaperclip,
  IconTrash,
  Paper,
  Stack,
  Text,
  Tooltip,
  formatInstant,
} from '@atrium/ui';
import { meetings, type Meeting, type MeetingAttachment } from '@atrium/domain-work';
import { checkPickedFiles } from '../../lib/create-with-files';
import { base64ToBlob, saveBlob } from '../../lib/base64-file';
import { fileSize } from '../../components/file-parts';
import type { useMeetingMutations } from '../../hooks/use-meeting';

/**
 * A meeting's files: list, open (the file comes as base64 from GET /meetings/{id}/attachments/{attachmentId}),
 * delete with confirmation, upload (one call per file). A read-only Google event has none to change.
 */
export function MeetingAttachments({
  meeting,
  mutations,
}: {
  meeting: Meeting;
  mutations: Pick<ReturnType<typeof useMeetingMutations>, 'upload' | 'removeAttachment'>;
}) {
  const { upload, removeAttachment } = mutations;
  const [deleting, setDeleting] = useState<MeetingAttachment | null>(null);
  const [opening, setOpening] = useState<string | null>(null);
  const editable = !meeting.isReadOnly;

  const send = async (files: File[]) => {
    const problem = files.length ? checkPickedFiles(files) : null;
    if (problem) {
      toast.error(problem);
      return;
    }
    if (!files.length) return;
    try {
      const r = await upload.mutateAsync(files);
      if (r.failed === 0) toast.success(`${r.uploaded} attachment(s) uploaded`);
      else if (r.uploaded > 0) toast.warning(`${r.uploaded} attachments uploaded, ${r.failed} failed.`);
      else toast.error(`${r.failed} attachment(s) failed to upload.`);
    } catch (e) {
      toast.error(isApiError(e) && e.message ? e.message : 'The files could not be uploaded. Please try again.');
    }
  };

  const open = async (a: MeetingAttachment) => {
    setOpening(a._id);
    try {
      const file = await meetings.attachment(meeting._id, a._id);
      saveBlob(base64ToBlob(file.base64, file.mimetype), file.name || a.name);
    } catch (e) {
      toast.error(isApiError(e) && e.message ? e.message : 'The attachment could not be opened. Please try again.');
    } finally {
      setOpening(null);
    }
  };

  const remove = async () => {
    if (!deleting) return;
    try {
      await removeAttachment.mutateAsync(deleting._id);
      toast.success('Attachment deleted');
      setDeleting(null);
    } catch (e) {
      toast.error(isApiError(e) && e.message ? e.message : 'The attachment could not be deleted. Please try again.');
    }
  };

  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={600} size="sm">
          Attachments ({meeting.attachments.length})
        </Text>
        {editable && (
          <FileButton onChange={(f) => void send(f)} multiple>
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="default"
                leftSection={<IconPaperclip size={14} />}
                loading={upload.isPending}
              >
                Upload files
              </Button>
            )}
          </FileButton>
        )}
      </Group>
      {meeting.attachments.length === 0 ? (
        <Text size="sm" c="dimmed">
          No attachments yet.
        </Text>
      ) : (
        meeting.attachments.map((a) => (
          <Paper key={a._id} withBorder radius="sm" p="xs" data-testid="meeting-attachment">
            <Group justify="space-between" wrap="nowrap">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  truncate
                  onClick={() => void open(a)}
                  disabled={opening === a._id}
                >
                  {a.name}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {fileSize(a.size)} · {formatInstant(a.createdAt)}
                </Text>
              </Stack>
              {editable && (
                <Tooltip label="Delete">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Delete ${a.name}`}
                    onClick={() => setDeleting(a)}
                  >
                    <IconTrash size={14} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          </Paper>
        ))
      )}
      <DeleteConfirmDialog
        opened={!!deleting}
        title="Delete attachment"
        message={`Delete ${deleting?.name ?? 'this file'}? This action cannot be undone.`}
        loading={removeAttachment.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void remove()}
      />
    </Stack>
  );
}
