import { useState } from 'react';
import { isApiError } from '@atrium/api-client';
import { toast } from '@atrium/event-bus';
import { ActionIcon, Anchor, IconTrash, Stack, Text, Tooltip, formatInstant } from '@atrium/ui';
import { meetings, type Meeting, type MeetingAttachment } from '@atrium/domain-work';
import { checkPickedFiles } from '../../lib/create-with-files';
import { base64ToBlob, saveBlob } from '../../lib/base64-file';
import { AttachmentsPanel, type AttachmentCalls } from '../../components/attachments-panel';
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
  const [opening, setOpening] = useState<string | null>(null);
  const editable = !meeting.isReadOnly;
  const calls: AttachmentCalls<MeetingAttachment> = {
    check: (files) => (files.length ? checkPickedFiles(files) : null),
    upload: {
      send: async (files) => {
        const r = await upload.mutateAsync(files);
        if (r.failed === 0) return { level: 'success', message: `${r.uploaded} attachment(s) uploaded` };
        if (r.uploaded > 0)
          return { level: 'warning', message: `${r.uploaded} attachments uploaded, ${r.failed} failed.` };
        return { level: 'error', message: `${r.failed} attachment(s) failed to upload.` };
      },
      isPending: upload.isPending,
    },
    remove: { send: (a) => removeAttachment.mutateAsync(a._id), isPending: removeAttachment.isPending },
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

  return (
    <AttachmentsPanel
      files={meeting.attachments}
      calls={calls}
      editable={editable}
      gap="xs"
      heading={
        <Text fw={600} size="sm">
          Attachments ({meeting.attachments.length})
        </Text>
      }
      emptyText="No attachments yet."
      rowTestId="meeting-attachment"
      renderFile={(a, askDelete) => (
        <>
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
              <ActionIcon variant="subtle" color="gray" aria-label={`Delete ${a.name}`} onClick={askDelete}>
                <IconTrash size={14} />
              </ActionIcon>
            </Tooltip>
          )}
        </>
      )}
    />
  );
}
