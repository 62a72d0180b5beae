import { ActionIcon, Group, IconDownload, IconTrash, Tooltip, formatInstant } from '@atrium/ui';
import type { WorkFile } from '@atrium/domain-work';

/** 2048 → '2 KB'. */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** A file's line under its name: size · who uploaded it · when. */
export const fileMeta = (f: WorkFile) =>
  `${fileSize(f.size)} · ${f.uploadedBy?.name ?? 'Someone'} · ${formatInstant(f.createdAt)}`;

/** A file's Download link and Delete button (the delete asks first, in the caller's dialog). */
export function FileActions({
  name,
  downloadUrl,
  onDelete,
  iconSize,
  gap,
  deleteColor = 'gray',
}: {
  name: string;
  downloadUrl: string;
  onDelete: () => void;
  iconSize: number;
  gap: number;
  deleteColor?: string;
}) {
  return (
    <Group gap={gap} wrap="nowrap">
      <Tooltip label="Download">
        <ActionIcon
          component="a"
          href={downloadUrl}
          download={name}
          variant="subtle"
          color="gray"
          aria-label={`Download ${name}`}
        >
          <IconDownload size={iconSize} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Delete">
        <ActionIcon variant="subtle" color={deleteColor} aria-label={`Delete ${name}`} onClick={onDelete}>
          <IconTrash size={iconSize} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
