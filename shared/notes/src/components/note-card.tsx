import { useState } from 'react';
import { Typography } from '@mantine/core';
import { IconPencil, IconPin, IconPinFilled, IconTrash } from '@tabler/icons-react';
import { NOTE_MESSAGES, type Note, type NoteUpdate } from '@atrium/contracts';
import { ActionIcon, Badge, Card, DeleteConfirmDialog, Group, Stack, Text, Tooltip } from '@atrium/ui';
import { authorName, categoryLabel, formatNoteDate } from '../lib/note-helpers';
import { NoteForm, type NoteFormValues } from './note-form';

export const DELETE_NOTE_MESSAGE = 'Are you sure you want to delete this note? This action cannot be undone.';

export interface NoteCardProps {
  note: Note;
  canEdit?: boolean;
  canDelete?: boolean;
  /** The pin toggle shows whenever this is given (docs/requirements.md §2). */
  onTogglePin?: (note: Note) => void;
  /** Saves title, content and category; the caller restores the original values if it fails. */
  onSave?: (note: Note, changes: NoteUpdate) => void;
  onDelete?: (note: Note) => Promise<unknown>;
  pinning?: boolean;
}

/** One note in view or edit mode (docs/requirements.md §2 and §4 "Note"). */
export function NoteCard({
  note,
  canEdit = true,
  canDelete = true,
  onTogglePin,
  onSave,
  onDelete,
  pinning,
}: NoteCardProps) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const pinLabel = note.isPinned ? 'Unpin note' : 'Pin note';

  const save = (values: NoteFormValues) => {
    onSave?.(note, { title: values.title.trim() || null, content: values.content, category: values.category });
    setEditing(false);
    return true;
  };

  const confirmDelete = async () => {
    setDeleting(true);
    try {
      await onDelete?.(note);
      setConfirming(false);
    } catch {
      // the caller reported it; the dialog stays open to try again
    } finally {
      setDeleting(false);
    }
  };

  return (
    <Card withBorder radius="md" padding="sm" data-testid="note-card" data-note-id={note._id}>
      {editing ? (
        <NoteForm
          initial={{ title: note.title ?? '', content: note.content, category: note.category }}
          submitLabel="Save"
          onSubmit={save}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <Stack gap={6}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Group gap="xs" wrap="wrap">
              {note.title && (
                <Text fw={600} size="sm">
                  {note.title}
                </Text>
              )}
              <Badge size="sm" variant="light">
                {categoryLabel(note.category)}
              </Badge>
            </Group>
            <Group gap={2} wrap="nowrap">
              {onTogglePin && (
                <Tooltip label={pinLabel}>
                  <ActionIcon
                    variant={note.isPinned ? 'light' : 'subtle'}
                    color={note.isPinned ? undefined : 'gray'}
                    aria-label={pinLabel}
                    aria-pressed={note.isPinned}
                    loading={pinning}
                    onClick={() => onTogglePin(note)}
                  >
                    {note.isPinned ? <IconPinFilled size={16} /> : <IconPin size={16} />}
                  </ActionIcon>
                </Tooltip>
              )}
              {canEdit && onSave && (
                <Tooltip label="Edit note">
                  <ActionIcon variant="subtle" color="gray" aria-label="Edit note" onClick={() => setEditing(true)}>
                    <IconPencil size={16} />
                  </ActionIcon>
                </Tooltip>
              )}
              {canDelete && onDelete && (
                <Tooltip label="Delete note">
                  <ActionIcon variant="subtle" color="red" aria-label="Delete note" onClick={() => setConfirming(true)}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          </Group>
          {/* The server sanitises note HTML (NOTE_ALLOWED_TAGS, safe link schemes) before storing it. */}
          <Typography>
            <div className="atrium-note-content" dangerouslySetInnerHTML={{ __html: note.content }} />
          </Typography>
          {note.tags.length > 0 && (
            <Group gap={6}>
              {note.tags.map((tag) => (
                <Text key={tag} size="xs" c="teal">
                  #{tag}
                </Text>
              ))}
            </Group>
          )}
          <Text size="xs" c="dimmed">
            {authorName(note.createdBy)} · {formatNoteDate(note.createdAt)}
          </Text>
        </Stack>
      )}
      <DeleteConfirmDialog
        opened={confirming}
        title={NOTE_MESSAGES.deleteTitle}
        message={DELETE_NOTE_MESSAGE}
        loading={deleting}
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}
