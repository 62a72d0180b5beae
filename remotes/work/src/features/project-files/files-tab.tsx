import { useState, type DragEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@atrium/api-client';
import { toast } from '@atrium/event-bus';
import { isPreviewable, projects, projectKeys, type FileKind, type WorkFile } from '@atrium/domain-work';
import {
  Anchor,
  Box,
  Button,
  Card,
  DeleteConfirmDialog,
  DraggableModal,
  FileButton,
  Group,
  IconFile,
  IconUpload,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
} from '@atrium/ui';
import { FileActions, fileMeta } from '../../components/file-parts';
import { KIND_TEXTS, checkFiles } from './file-checks';

function Thumb({ projectId, file }: { projectId: string; file: WorkFile }) {
  if (file.type.startsWith('image/'))
    return (
      <img
        src={projects.fileUrl(projectId, file._id)}
        alt={file.name}
        loading="lazy"
        style={{ width: '100%', height: 140, objectFit: 'cover', display: 'block' }}
      />
    );
  return (
    <Stack h={140} align="center" justify="center" gap={4} bg="var(--mantine-color-default-hover)">
      <IconFile size={36} stroke={1.4} aria-hidden />
      <Text size="xs" c="dimmed">
        {file.type === 'application/pdf' ? 'PDF' : file.name.split('.').pop()?.toUpperCase()}
      </Text>
    </Stack>
  );
}

/**
 * The attachments, designs and floor plans tabs: upload several files at once (a button or dropped on the
 * zone; the limits checked before sending), a grid with picture thumbnails, a preview of pictures and PDFs,
 * download, and delete with confirmation.
 */
export function FilesTab({ projectId, kind, files }: { projectId: string; kind: FileKind; files: WorkFile[] }) {
  const qc = useQueryClient();
  const texts = KIND_TEXTS[kind];
  const [over, setOver] = useState(false);
  const [preview, setPreview] = useState<WorkFile | null>(null);
  const [deleting, setDeleting] = useState<WorkFile | null>(null);
  const shown = files.filter((f) => f.kind === kind);
  const refresh = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: projectKeys.one(projectId) }),
      qc.invalidateQueries({ queryKey: projectKeys.feed(projectId) }),
    ]);

  const upload = useMutation({
    mutationFn: (list: File[]) => projects.uploadFiles(projectId, list, kind),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (fileId: string) => projects.removeFile(projectId, fileId),
    onSuccess: refresh,
  });

  const send = async (list: File[]) => {
    const problem = checkFiles(list);
    if (problem) {
      toast.error(problem);
      return;
    }
    try {
      const saved = await upload.mutateAsync(list);
      toast.success(`${saved.length} file(s) uploaded`);
    } catch (e) {
      toast.error(isApiError(e) ? e.message : 'Upload failed. Please try again.');
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting._id);
      toast.success(`${deleting.name} deleted`);
      setDeleting(null);
    } catch (e) {
      toast.error(isApiError(e) ? e.message : 'Failed to delete the file. Please try again.');
    }
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    void send(Array.from(e.dataTransfer.files));
  };

  return (
    <Stack gap="md">
      <Paper
        withBorder
        radius="md"
        p="lg"
        style={{ borderStyle: 'dashed' }}
        bg={over ? 'var(--mantine-primary-color-light)' : undefined}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid="drop-zone"
      >
        <Group justify="center" gap="md">
          <IconUpload size={24} stroke={1.5} aria-hidden />
          <Text size="sm">Drop {texts.noun} here or</Text>
          <FileButton onChange={(list) => void send(list)} multiple accept={texts.accept}>
            {(props) => (
              <Button {...props} size="xs" loading={upload.isPending}>
                Choose files
              </Button>
            )}
          </FileButton>
        </Group>
        <Text size="xs" c="dimmed" ta="center" mt={6}>
          Up to 10 files at a time, 25 MB each.
        </Text>
      </Paper>
      {shown.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          No {texts.noun} yet.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 3, lg: 4 }} spacing="sm" aria-label={texts.title}>
          {shown.map((f) => (
            <Card key={f._id} withBorder radius="md" padding={0} data-testid="file-card">
              <UnstyledButton
                onClick={() => (isPreviewable(f.type) ? setPreview(f) : undefined)}
                aria-label={isPreviewable(f.type) ? `Preview ${f.name}` : f.name}
                style={{ cursor: isPreviewable(f.type) ? 'zoom-in' : 'default' }}
              >
                <Thumb projectId={projectId} file={f} />
              </UnstyledButton>
              <Group justify="space-between" wrap="nowrap" p="xs" gap={4}>
                <Box miw={0}>
                  <Text size="sm" fw={500} truncate title={f.name}>
                    {f.name}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {fileMeta(f)}
                  </Text>
                </Box>
                <FileActions
                  name={f.name}
                  downloadUrl={projects.fileUrl(projectId, f._id, true)}
                  onDelete={() => setDeleting(f)}
                  iconSize={16}
                  gap={2}
                  deleteColor="red"
                />
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      )}
      <DraggableModal
        modalId="project-file-preview"
        opened={!!preview}
        onClose={() => setPreview(null)}
        title={preview?.name}
        size="xl"
        centered
      >
        {preview &&
          (preview.type === 'application/pdf' ? (
            <object
              data={projects.fileUrl(projectId, preview._id)}
              type="application/pdf"
              width="100%"
              height="600"
              aria-label={`${preview.name} preview`}
            >
              <Text size="sm">
                This browser cannot show the PDF here.{' '}
                <Anchor href={projects.fileUrl(projectId, preview._id, true)}>Download it</Anchor>
              </Text>
            </object>
          ) : (
            <img
              src={projects.fileUrl(projectId, preview._id)}
              alt={preview.name}
              style={{ maxWidth: '100%', display: 'block', margin: '0 auto' }}
            />
          ))}
      </DraggableModal>
      <DeleteConfirmDialog
        opened={!!deleting}
        title="Delete file"
        message={`Are you sure you want to delete ${deleting?.name ?? 'this file'}? This action cannot be undone.`}
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      />
    </Stack>
  );
}
