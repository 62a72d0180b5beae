import '@mantine/tiptap/styles.css';

export { NotesPanel, type NotesPanelProps } from './components/notes-panel';
export { RichTextField, applyLink, type RichTextFieldProps } from './components/rich-text-field';
export { NoteCard, type NoteCardProps } from './components/note-card';
export { LinkDialog } from './components/link-dialog';
export { notesApi, listParams, type NotesApi } from './api/notes-api';
export { notes } from './api/notes';
export { notesKeys, useNoteList, useNoteMutations } from './hooks/use-notes';
export { noteEditorExtensions, normalizeLinkUrl } from './lib/editor-extensions';
export {
  authorName,
  buildListQuery,
  categoryLabel,
  compareNotes,
  formatNoteDate,
  insertNote,
  isBlankContent,
  pageLabel,
  removeNote,
  replaceNote,
  showingLabel,
  sortNotes,
  statusFilters,
  viewAllLabel,
  type NoteListView,
  type NoteStatus,
} from './lib/note-helpers';
