import { useState } from 'react';
import { Anchor, DraggableModal, Group, IconPaperclip, Stack, Text, UnstyledButton } from '@atrium/ui';
import {
  FILE_MAX_BYTES,
  FILE_MESSAGES,
  FILES_PER_UPLOAD,
  isPreviewable,
  tasks,
  type WorkFile,
} from '@atrium/domain-work';
import type { useTaskMutations } from '../hooks/use-task';
import { AttachmentsPanel, type AttachmentCalls } from './attachments-panel';
import { FileActions, fileMeta, fileSize } from './file-parts';

/** The slice's limits, checked before anything is sent. */
export function uploadProblem(files: File[]): string | null {
  if (files.length === 0) return FILE_MESSAGES.noFile;
  if (files.length > FILES_PER_UPLOAD) return FILE_MESSAGES.tooMany;
  if (files.some((f) => f.size > FILE_MAX_BYTES)) return FILE_MESSAGES.tooLarge;
  return null;
}

/** A task's files: upload several, list, preview images and PDFs, download, delete with confirmation. */
export function TaskAttachments({
  taskId,
  files,
  mutations,
}: {
  taskId: string;
  files: WorkFile[];
  mutations: Pick<ReturnType<typeof useTaskMutations>, 'upload' | 'removeFile'>;
}) {
  const { upload, removeFile } = mutations;
  const [preview, setPreview] = useState<WorkFile | null>(null);
  const calls: AttachmentCalls<WorkFile> = {
    check: uploadProblem,
    upload: {
      send: async (picked) => {
        const added = await upload.mutateAsync(picked);
        return { level: 'success', message: `${added.length} attachment(s) uploaded` };
      },
      isPending: upload.isPending,
    },
    remove: { send: (f) => removeFile.mutateAsync(f._id), isPending: removeFile.isPending },
  };

  return (
    <AttachmentsPanel
      files={files}
      calls={calls}
      heading={
        <Text size="xs" c="dimmed">
          Up to {FILES_PER_UPLOAD} files at a time, {fileSize(FILE_MAX_BYTES)} each.
        </Text>
      }
      emptyText="No attachments yet. Upload drawings, photos, quotes or PDFs for this task."
      rowTestId="task-attachment"
      renderFile={(f, askDelete) => (
        <>
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            {f.type.startsWith('image/') ? (
              <UnstyledButton onClick={() => setPreview(f)} aria-label={`Preview ${f.name}`}>
                <img
                  src={tasks.fileUrl(taskId, f._id)}
                  alt=""
                  loading="lazy"
                  width={40}
                  height={40}
                  style={{ objectFit: 'cover', borderRadius: 4, display: 'block' }}
                />
              </UnstyledButton>
            ) : (
              <IconPaperclip size={20} />
            )}
            <Stack gap={0} style={{ minWidth: 0 }}>
              {isPreviewable(f.type) ? (
                <Anchor component="button" type="button" size="sm" truncate onClick={() => setPreview(f)}>
                  {f.name}
                </Anchor>
              ) : (
                <Text size="sm" truncate>
                  {f.name}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {fileMeta(f)}
              </Text>
            </Stack>
          </Group>
          <FileActions
            name={f.name}
            downloadUrl={tasks.fileUrl(taskId, f._id, true)}
            onDelete={askDelete}
            iconSize={14}
            gap={4}
          />
        </>
      )}
    >
      <DraggableModal
        modalId="task-attachment-preview"
        opened={!!preview}
        onClose={() => setPreview(null)}
        title={preview?.name}
        size="xl"
        centered
      >
        {preview &&
          (preview.type === 'application/pdf' ? (
            <iframe
              title={preview.name}
              src={tasks.fileUrl(taskId, preview._id)}
              style={{ width: '100%', height: '70vh', border: 0 }}
            />
          ) : (
            <img
              src={tasks.fileUrl(taskId, preview._id)}
              alt={preview.name}
              style={{ maxWidth: '100%', maxHeight: '70vh', display: 'block', margin: '0 auto' }}
            />
          ))}
      </DraggableModal>
    </AttachmentsPanel>
  );
}
