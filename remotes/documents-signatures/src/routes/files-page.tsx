import { useState, type DragEvent } from 'react';
import { DEFAULT_PAGE_SIZE } from '@atrium/contracts';
import { toast } from '@atrium/event-bus';
import { FILE_MAX_BYTES, FILE_MESSAGES, FILES_PER_UPLOAD } from '@atrium/domain-work/public';
import {
  FILE_MANAGER_MESSAGES as M,
  FILE_ORIGINS,
  fileTypeGroup,
  formatBytes,
  type FileFolder,
  type FileOrigin,
  type LibraryFile,
} from '@atrium/domain-documents';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  DeleteConfirmDialog,
  DraggableModal,
  FileButton,
  Group,
  IconDotsVertical,
  IconPlus,
  IconSearch,
  IconUpload,
  Link,
  LoadError,
  Menu,
  PageSkeleton,
  Pagination,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
  formatInstant,
  handleError,
  useUrlSearch,
  useSearchParams,
} from '@atrium/ui';
import {
  folderPaths,
  folderTrail,
  useFileActions,
  useFileUsage,
  useFolders,
  useLibraryFiles,
} from '../features/files/use-files';

const ORIGIN_LABELS: Record<FileOrigin, string> = {
  project: 'Project',
  task: 'Task',
  meeting: 'Meeting',
  upload: 'Upload',
};
const TYPE_BADGES = {
  image: { label: 'IMG', color: 'grape' },
  pdf: { label: 'PDF', color: 'red' },
  document: { label: 'DOC', color: 'blue' },
  spreadsheet: { label: 'XLS', color: 'green' },
  text: { label: 'TXT', color: 'gray' },
  archive: { label: 'ZIP', color: 'yellow' },
} as const;

const previewable = (type: string) => type.startsWith('image/') || type === 'application/pdf';
const downloadUrl = (f: LibraryFile) => `${f.url}?download=true`;

/** Where an attachment's owner lives in the app. */
function ownerPath(owner: NonNullable<LibraryFile['owner']>): string {
  const id = encodeURIComponent(owner._id);
  return owner.type === 'project'
    ? `/projects/${id}`
    : owner.type === 'task'
      ? `/calendar/tasks/${id}`
      : `/calendar/meetings/${id}`;
}

/** Checked before sending (the server checks again): count and size. */
function checkFiles(files: File[]): string | null {
  if (files.length === 0) return FILE_MESSAGES.noFile;
  if (files.length > FILES_PER_UPLOAD) return FILE_MESSAGES.tooMany;
  if (files.some((f) => f.size > FILE_MAX_BYTES)) return FILE_MESSAGES.tooLarge;
  return null;
}

type Dialog =
  | { type: 'newFolder' }
  | { type: 'renameFile' | 'moveFile' | 'deleteFile'; file: LibraryFile }
  | { type: 'renameFolder' | 'deleteFolder'; folder: FileFolder };

/**
 * /files/documents: the file manager over every file of the business — attachments of projects, tasks and
 * meetings, and uploads — in folders: a breadcrumb, the current folder's folders and files, search (over every
 * folder), an origin filter, upload (button or drop), preview of pictures and PDFs, download, rename, move, delete,
 * and the storage used.
 */
export default function FilesPage() {
  const [url, setUrl] = useSearchParams();
  const folderId = url.get('folder');
  const origin = (url.get('origin') as FileOrigin | null) ?? undefined;
  const page = Math.max(1, Number(url.get('page')) || 1);
  const patch = (p: Record<string, string | null>) =>
    setUrl((u) => {
      const next = new URLSearchParams(u);
      for (const [k, v] of Object.entries(p)) {
        if (v) next.set(k, v);
        else next.delete(k);
      }
      if (!('page' in p)) next.delete('page');
      return next;
    });
  const [search, setSearch] = useUrlSearch(url.get('search') ?? '', (s) => patch({ search: s || null }));
  const searching = !!url.get('search');
  const params = {
    page,
    limit: DEFAULT_PAGE_SIZE,
    search: url.get('search') ?? undefined,
    origin,
    // A search looks in every folder; otherwise the current folder (the top: the files in no folder).
    folderId: searching ? undefined : (folderId ?? 'root'),
  };
  const files = useLibraryFiles(params);
  const folders = useFolders();
  const usage = useFileUsage();
  const actions = useFileActions();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [name, setName] = useState('');
  const [target, setTarget] = useState<string | null>(null);
  const [preview, setPreview] = useState<LibraryFile | null>(null);
  const [over, setOver] = useState(false);

  const allFolders = folders.data ?? [];
  const trail = folderTrail(allFolders, folderId);
  const children = searching ? [] : allFolders.filter((f) => f.parentId === (folderId ?? null));
  const close = () => setDialog(null);

  const send = async (list: File[]) => {
    const problem = checkFiles(list);
    if (problem) return toast.error(problem);
    try {
      await actions.upload.mutateAsync({ files: list, folderId });
      toast.success(list.length === 1 ? M.uploaded : `${list.length} files uploaded`);
    } catch (e) {
      handleError(e);
    }
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    void send(Array.from(e.dataTransfer.files));
  };

  const submit = async () => {
    if (!dialog) return;
    try {
      switch (dialog.type) {
        case 'newFolder':
          await actions.createFolder.mutateAsync({ name, parentId: folderId });
          break;
        case 'renameFolder':
          await actions.updateFolder.mutateAsync({ id: dialog.folder._id, input: { name } });
          break;
        case 'renameFile':
          await actions.update.mutateAsync({ id: dialog.file._id, input: { name } });
          break;
        case 'moveFile':
          await actions.update.mutateAsync({ id: dialog.file._id, input: { folderId: target } });
          break;
        case 'deleteFile':
          await actions.remove.mutateAsync(dialog.file._id);
          toast.success(M.deleted);
          break;
        case 'deleteFolder':
          await actions.removeFolder.mutateAsync(dialog.folder._id);
          break;
      }
      close();
    } catch (e) {
      handleError(e);
    }
  };
  const open = (d: Dialog) => {
    setName(d.type === 'renameFile' ? d.file.name : d.type === 'renameFolder' ? d.folder.name : '');
    setTarget(d.type === 'moveFile' ? d.file.folderId : null);
    setDialog(d);
  };
  const busy =
    actions.createFolder.isPending ||
    actions.updateFolder.isPending ||
    actions.update.isPending ||
    actions.remove.isPending ||
    actions.removeFolder.isPending;

  if (files.isError && !files.data)
    return <LoadError title="Failed to load files" onRetry={() => void files.refetch()} />;
  if (!files.data || !folders.data) return <PageSkeleton />;
  const { data: rows, pagination } = files.data;

  return (
    <Stack gap="md" p="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>Files</Title>
          {usage.data && (
            <Text size="sm" c="dimmed" data-testid="storage-used">
              Storage used: {formatBytes(usage.data.bytes)} in {usage.data.files}{' '}
              {usage.data.files === 1 ? 'file' : 'files'}
              {usage.data.limitBytes ? ` of ${formatBytes(usage.data.limitBytes)}` : ''} —{' '}
              {FILE_ORIGINS.map((o) => `${ORIGIN_LABELS[o]}s ${formatBytes(usage.data.byOrigin[o].bytes)}`).join(', ')}
            </Text>
          )}
        </div>
        <Group gap="xs">
          <Button variant="default" leftSection={<IconPlus size={16} />} onClick={() => open({ type: 'newFolder' })}>
            New folder
          </Button>
          <FileButton onChange={(list) => void send(list)} multiple>
            {(props) => (
              <Button {...props} leftSection={<IconUpload size={16} />} loading={actions.upload.isPending}>
                Upload
              </Button>
            )}
          </FileButton>
        </Group>
      </Group>

      <Group gap="xs" aria-label="Folder path" role="navigation">
        <Anchor component="button" type="button" onClick={() => patch({ folder: null, search: null })}>
          All files
        </Anchor>
        {trail.map((f) => (
          <Group key={f._id} gap="xs">
            <Text c="dimmed">/</Text>
            <Anchor component="button" type="button" onClick={() => patch({ folder: f._id, search: null })}>
              {f.name}
            </Anchor>
          </Group>
        ))}
      </Group>

      <Group gap="sm">
        <TextInput
          placeholder="Search files"
          aria-label="Search files"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={260}
        />
        <Select
          placeholder="Any origin"
          aria-label="Origin"
          clearable
          data={FILE_ORIGINS.map((o) => ({ value: o, label: ORIGIN_LABELS[o] }))}
          value={origin ?? null}
          onChange={(v) => patch({ origin: v })}
          w={160}
        />
      </Group>

      <Paper
        withBorder
        radius="md"
        p="sm"
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
        <Text size="sm" ta="center" c="dimmed">
          Drop files here to upload them {trail.length ? `into ${trail[trail.length - 1]!.name}` : ''} — up to{' '}
          {FILES_PER_UPLOAD} at a time, {formatBytes(FILE_MAX_BYTES)} each.
        </Text>
      </Paper>

      <Table striped highlightOnHover aria-label="Files">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>From</Table.Th>
            <Table.Th>Size</Table.Th>
            <Table.Th>Added</Table.Th>
            <Table.Th>By</Table.Th>
            <Table.Th aria-label="Actions" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {children.map((folder) => (
            <Table.Tr key={folder._id} data-testid="folder-row">
              <Table.Td colSpan={5}>
                <UnstyledButton onClick={() => patch({ folder: folder._id })} aria-label={`Open folder ${folder.name}`}>
                  <Group gap="xs">
                    <Badge variant="light" color="orange" miw={52}>
                      DIR
                    </Badge>
                    <Text fw={500}>{folder.name}</Text>
                  </Group>
                </UnstyledButton>
              </Table.Td>
              <Table.Td>
                <Menu position="bottom-end">
                  <Menu.Target>
                    <ActionIcon variant="subtle" aria-label={`Actions for folder ${folder.name}`}>
                      <IconDotsVertical size={16} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item onClick={() => open({ type: 'renameFolder', folder })}>Rename</Menu.Item>
                    <Menu.Item
                      color="var(--mantine-color-error)"
                      onClick={() => open({ type: 'deleteFolder', folder })}
                    >
                      Delete
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </Table.Td>
            </Table.Tr>
          ))}
          {rows.map((f) => {
            const badge = TYPE_BADGES[fileTypeGroup(f.type)];
            return (
              <Table.Tr key={f._id} data-testid="file-row">
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Badge variant="light" color={badge.color} miw={52}>
                      {badge.label}
                    </Badge>
                    {previewable(f.type) ? (
                      <Anchor
                        component="button"
                        type="button"
                        onClick={() => setPreview(f)}
                        title={`Preview ${f.name}`}
                      >
                        {f.name}
                      </Anchor>
                    ) : (
                      <Text>{f.name}</Text>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  {f.owner ? (
                    <Link to={ownerPath(f.owner)}>
                      {ORIGIN_LABELS[f.origin]}: {f.owner.title}
                    </Link>
                  ) : (
                    <Text size="sm">Upload</Text>
                  )}
                </Table.Td>
                <Table.Td>{formatBytes(f.size)}</Table.Td>
                <Table.Td>{formatInstant(f.createdAt)}</Table.Td>
                <Table.Td>{f.uploadedBy?.name ?? 'Unknown User'}</Table.Td>
                <Table.Td>
                  <Menu position="bottom-end">
                    <Menu.Target>
                      <ActionIcon variant="subtle" aria-label={`Actions for ${f.name}`}>
                        <IconDotsVertical size={16} />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      {previewable(f.type) && <Menu.Item onClick={() => setPreview(f)}>Preview</Menu.Item>}
                      <Menu.Item component="a" href={downloadUrl(f)} download={f.name}>
                        Download
                      </Menu.Item>
                      <Menu.Item onClick={() => open({ type: 'renameFile', file: f })}>Rename</Menu.Item>
                      <Menu.Item onClick={() => open({ type: 'moveFile', file: f })}>Move</Menu.Item>
                      <Menu.Item
                        color="var(--mantine-color-error)"
                        onClick={() => open({ type: 'deleteFile', file: f })}
                      >
                        Delete
                      </Menu.Item>
                    </Menu.Dropdown>
                  </Menu>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {rows.length === 0 && children.length === 0 && (
        <Text c="dimmed" ta="center" py="lg">
          {searching || origin ? 'No files match.' : 'No files here yet.'}
        </Text>
      )}
      {pagination.totalPages > 1 && (
        <Group justify="center">
          <Pagination total={pagination.totalPages} value={page} onChange={(p) => patch({ page: String(p) })} />
        </Group>
      )}

      <DraggableModal
        modalId="file-preview"
        opened={!!preview}
        onClose={() => setPreview(null)}
        title={preview?.name}
        size="xl"
        centered
      >
        {preview &&
          (preview.type === 'application/pdf' ? (
            <object
              data={preview.url}
              type="application/pdf"
              width="100%"
              height="600"
              aria-label={`${preview.name} preview`}
            >
              <Text size="sm">
                This browser cannot show the PDF here. <Anchor href={downloadUrl(preview)}>Download it</Anchor>
              </Text>
            </object>
          ) : (
            <img
              src={preview.url}
              alt={preview.name}
              style={{ maxWidth: '100%', display: 'block', margin: '0 auto' }}
            />
          ))}
      </DraggableModal>

      <DraggableModal
        modalId="file-name"
        opened={dialog?.type === 'newFolder' || dialog?.type === 'renameFile' || dialog?.type === 'renameFolder'}
        onClose={close}
        title={dialog?.type === 'newFolder' ? 'New folder' : 'Rename'}
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <TextInput
            label="Name"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            data-autofocus
            required
          />
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {dialog?.type === 'newFolder' ? 'Create' : 'Save'}
            </Button>
          </Group>
        </form>
      </DraggableModal>

      <DraggableModal modalId="move-file" opened={dialog?.type === 'moveFile'} onClose={close} title="Move to folder">
        <Select
          label="Folder"
          placeholder="No folder (All files)"
          clearable
          data={folderPaths(allFolders)}
          value={target}
          onChange={setTarget}
        />
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={busy}>
            Move
          </Button>
        </Group>
      </DraggableModal>

      <DeleteConfirmDialog
        opened={dialog?.type === 'deleteFile' || dialog?.type === 'deleteFolder'}
        title={dialog?.type === 'deleteFolder' ? 'Delete folder' : 'Delete file'}
        message={
          dialog?.type === 'deleteFile'
            ? dialog.file.owner
              ? `Are you sure you want to delete ${dialog.file.name}? It is also removed from its ${dialog.file.origin} “${dialog.file.owner.title}”. This action cannot be undone.`
              : `Are you sure you want to delete ${dialog.file.name}? This action cannot be undone.`
            : dialog?.type === 'deleteFolder'
              ? `Delete the folder ${dialog.folder.name}? Only an empty folder can be deleted.`
              : ''
        }
        loading={busy}
        onCancel={close}
        onConfirm={() => void submit()}
      />
    </Stack>
  );
}
