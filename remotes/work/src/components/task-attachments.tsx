import { useState } from 'react';
import { isApiError } from '@atrium/api-client';
import { toast } from '@atrium/event-bus';
import {
  Anchor,
  Button,
  DeleteConfirmDialog,
  FileButton,
  Group,
  IconPaperclip,
  Modal,
  Paper,
  Stack,
  Text,
  UnstyledButton,
} from '@atrium/ui';
import {
  FILE_MAX_BYTES,
  FILE_MESSAGES,
  FILES_PER_UPLOAD,
  isPreviewable,
  tasks,
  type WorkFile,
} from '@atrium/domain-work';
import type { useTaskMutations } from '../hooks/use-task';
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
  const [deleting, setDeleting] = useState<WorkFile | null>(null);

  const send = async (picked: File[]) => {
    const problem = uploadProblem(picked);
    if (problem) {
      toast.error(problem);
      return;
    }
    try {
      const added = await upload.mutateAsync(picked);
      toast.success(`${added.length} attachment(s) uploaded`);
    } catch (e) {
      toast.error(isApiError(e) && e.message ? e.message : 'The files could not be uploaded. Please try again.');
    }
  };

  const remove = async () => {
    if (!deleting) return;
    try {
      await removeFile.mutateAsync(deleting._id);
      toast.success('Attachment deleted');
      setDeleting(null);
    } catch (e) {
      toast.error(isApiError(e) && e.message ? e.message : 'The attachment could not be deleted. Please try again.');
    }
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          Up to {FILES_PER_UPLOAD} files at a time, {fileSize(FILE_MAX_BYTES)} each.
        </Text>
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
      </Group>
      {files.length === 0 ? (
        <Text size="sm" c="dimmed">
          No attachments yet. Upload drawings, photos, quotes or PDFs for this task.
        </Text>
      ) : (
        files.map((f) => {
          const url = tasks.fileUrl(taskId, f._id);
          return (
            <Paper key={f._id} withBorder radius="sm" p="xs" data-testid="task-attachment">
              <Group justify="space-between" wrap="nowrap">
                <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                  {f.type.startsWith('image/') ? (
                    <UnstyledButton onClick={() => setPreview(f)} aria-label={`Preview ${f.name}`}>
                      <img
                        src={url}
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
                  onDelete={() => setDeleting(f)}
                  iconSize={14}
                  gap={4}
                />
              </Group>
            </Paper>
          );
        })
      )}
      <Modal opened={!!preview} onClose={() => setPreview(null)} title={preview?.name} size="xl" centered>
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
      </Modal>
      <DeleteConfirmDialog
        opened={!!deleting}
        title="Delete attachment"
        message={`Delete ${deleting?.name ?? 'this file'}? This action cannot be undone.`}
        loading={removeFile.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void remove()}
      />
    </Stack>
  );
}
