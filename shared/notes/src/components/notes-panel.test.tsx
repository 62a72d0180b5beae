import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Editor } from '@tiptap/react';
import type { Note, NoteListQuery } from '@atrium/contracts';
import { bus, type Toast } from '@atrium/event-bus';
import { notes } from '../api/notes';
import { sortNotes } from '../lib/note-helpers';
import { envelope, makeNote, renderWithProviders } from '../test-utils';
import { NotesPanel } from './notes-panel';

/**
 * A fake server behind the `notes` calls: GET answers pages of `limit` in the server's order (pinned first,
 * newest first); pin and delete change what later GETs answer.
 */
function serve(initial: Note[]) {
  let data = sortNotes(initial);
  const list = jest.spyOn(notes, 'list').mockImplementation(async (q: NoteListQuery) => {
    const page = q.page ?? 1;
    const limit = q.limit ?? 10;
    return envelope(data.slice((page - 1) * limit, page * limit), data.length, page, limit);
  });
  const togglePin = jest.spyOn(notes, 'togglePin').mockImplementation(async (id) => {
    const found = data.find((n) => n._id === id)!;
    const note = { ...found, isPinned: !found.isPinned };
    data = sortNotes(data.map((n) => (n._id === id ? note : n)));
    return note;
  });
  const remove = jest.spyOn(notes, 'remove').mockImplementation(async (id) => {
    data = data.filter((n) => n._id !== id);
  });
  const create = jest.spyOn(notes, 'create').mockImplementation(async (input) => {
    const note = makeNote({ ...input, title: input.title ?? null, createdAt: new Date().toISOString() });
    data = sortNotes([note, ...data]);
    return note;
  });
  return { list, togglePin, remove, create };
}

const many = (n: number) => Array.from({ length: n }, (_, i) => makeNote({ title: `Note ${i + 1}` }));
const cards = () => screen.queryAllByTestId('note-card');
const panel = (props: Partial<Parameters<typeof NotesPanel>[0]> = {}) =>
  renderWithProviders(<NotesPanel entityType="contact" entityId="c1" {...props} />);

function editorIn(container: HTMLElement): Editor {
  const dom = within(container).getByRole('textbox', { name: 'Content' }) as HTMLElement & { editor?: Editor };
  return dom.editor!;
}

afterEach(() => jest.restoreAllMocks());

describe('NotesPanel list', () => {
  it('shows each note with its content, category, tags, author and date, and the count', async () => {
    const { list } = serve([
      makeNote({
        title: 'Kick-off',
        content: '<p>Met <strong>Ada</strong></p>',
        category: 'meeting',
        tags: ['vip', 'q4'],
        createdAt: '2026-11-25T22:43:00.000Z',
      }),
      makeNote({ title: null, content: '<p>Orphan</p>', createdBy: null, createdAt: 'garbage' }),
    ]);
    panel();
    expect(await screen.findByText('Kick-off')).toBeInTheDocument();
    expect(list).toHaveBeenCalledWith({ entityType: 'contact', entityId: 'c1', page: 1, limit: 10 }, expect.anything());
    const [first, second] = cards();
    expect(within(first!).getByText('Ada').tagName).toBe('STRONG');
    expect(within(first!).getByText('Meeting')).toBeInTheDocument();
    expect(within(first!).getByText('#vip')).toBeInTheDocument();
    expect(within(first!).getByText('#q4')).toBeInTheDocument();
    expect(within(first!).getByText(/^Ada Lovelace · \w{3} \d{1,2}, 2026/)).toBeInTheDocument();
    expect(within(second!).getByText('Unknown User · Invalid date')).toBeInTheDocument();
    expect(screen.getByText('Showing 2 of 2 notes')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search notes...')).toBeInTheDocument();
    expect(screen.queryByText(/^Page \d+ of/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load More Notes' })).not.toBeInTheDocument();
  });

  it("never shows one entity's notes while another entity's load", async () => {
    const { list } = serve([makeNote({ title: 'First contact note' })]);
    const { rerender } = panel();
    await screen.findByText('First contact note');
    list.mockImplementation(() => new Promise(() => {}));
    rerender(<NotesPanel entityType="contact" entityId="c2" />);
    expect(await screen.findByLabelText('Loading notes')).toBeInTheDocument();
    expect(screen.queryByText('First contact note')).not.toBeInTheDocument();
    expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ entityId: 'c2' }), expect.anything());
  });

  it("says 'No notes yet' when there are none", async () => {
    serve([]);
    panel();
    expect(await screen.findByText('No notes yet')).toBeInTheDocument();
    expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument();
  });

  it("pages with Previous/Next and 'Page X of Y' when there are more than 10", async () => {
    const { list } = serve(many(23));
    panel();
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByText('Showing 10 of 23 notes')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2, limit: 10 }), expect.anything());
    expect(screen.getByText('Note 11')).toBeInTheDocument();
    expect(screen.queryByText('Note 1')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.getByText('Showing 3 of 23 notes')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
  });

  it("appends the next page with 'Load More Notes'", async () => {
    const { list } = serve(many(23));
    panel();
    await screen.findByText('Note 1');
    await userEvent.click(screen.getByRole('button', { name: 'Load More Notes' }));
    expect(await screen.findByText('Note 20')).toBeInTheDocument();
    expect(screen.getByText('Note 1')).toBeInTheDocument();
    expect(cards()).toHaveLength(20);
    expect(screen.getByText('Showing 20 of 23 notes')).toBeInTheDocument();
    expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2 }), expect.anything());
    await userEvent.click(screen.getByRole('button', { name: 'Load More Notes' }));
    await screen.findByText('Note 23');
    expect(screen.queryByRole('button', { name: 'Load More Notes' })).not.toBeInTheDocument();
  });

  it('searches 300 ms after typing stops', async () => {
    const { list } = serve(many(2));
    panel();
    await screen.findByText('Note 1');
    await userEvent.type(screen.getByPlaceholderText('Search notes...'), 'kick');
    expect(list).not.toHaveBeenCalledWith(expect.objectContaining({ search: 'kic' }), expect.anything());
    await waitFor(() =>
      expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ search: 'kick', page: 1 }), expect.anything()),
    );
    expect(list.mock.calls.filter(([q]) => q.search)).toHaveLength(1);
  });

  it('filters by category and status from the filter popover', async () => {
    const { list } = serve(many(2));
    panel();
    await screen.findByText('Note 1');
    await userEvent.click(screen.getByRole('button', { name: 'Filter notes' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Pinned' }));
    await waitFor(() =>
      expect(list).toHaveBeenLastCalledWith(
        expect.objectContaining({
          filters: [{ logic: 'AND', conditions: [{ field: 'status', operator: 'eq', value: 'pinned' }] }],
        }),
        expect.anything(),
      ),
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Category' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Call' }));
    await waitFor(() =>
      expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ category: 'call' }), expect.anything()),
    );
  });
});

describe('NotesPanel compact', () => {
  it("shows at most `limit` notes and a 'View all N notes' link", async () => {
    const { list } = serve(many(8));
    const onViewAll = jest.fn();
    panel({ compact: true, limit: 5, onViewAll });
    await screen.findByText('Note 1');
    expect(cards()).toHaveLength(5);
    expect(list).toHaveBeenCalledWith(expect.objectContaining({ page: 1, limit: 5 }), expect.anything());
    expect(screen.queryByRole('button', { name: 'Load More Notes' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'View all 8 notes' }));
    expect(onViewAll).toHaveBeenCalledTimes(1);
  });

  it('searches and filters in compact mode too, and links to all notes even when all are shown', async () => {
    const { list } = serve(many(2));
    panel({ compact: true, limit: 5, onViewAll: () => {} });
    await screen.findByText('Note 1');
    expect(screen.getByRole('button', { name: 'View all 2 notes' })).toBeInTheDocument();
    await userEvent.type(screen.getByPlaceholderText('Search notes...'), 'Note 2');
    await waitFor(() =>
      expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ search: 'Note 2', limit: 5 }), expect.anything()),
    );
  });

  it('defaults to 3 notes', async () => {
    serve(many(4));
    panel({ compact: true, onViewAll: () => {} });
    await screen.findByText('Note 1');
    expect(cards()).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'View all 4 notes' })).toBeInTheDocument();
  });
});

describe('NotesPanel changes', () => {
  it('blocks a note with blank content, then creates it with category general by default', async () => {
    const { create } = serve([]);
    panel();
    await screen.findByText('No notes yet');
    await userEvent.click(screen.getByRole('button', { name: 'Create Note' }));
    await userEvent.type(screen.getByLabelText('Title'), 'Call back');
    await userEvent.click(screen.getByRole('button', { name: 'Save Note' }));
    expect(await screen.findByText('Note content is required')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();

    act(() => {
      editorIn(screen.getByTestId('notes-panel')).commands.insertContent('Ring Ada');
    });
    await waitFor(() => expect(screen.queryByText('Note content is required')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Save Note' }));
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith({
        title: 'Call back',
        content: '<p>Ring Ada</p>',
        category: 'general',
        entityType: 'contact',
        entityId: 'c1',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save Note' })).not.toBeInTheDocument());
    expect(screen.getByText('Ring Ada')).toBeInTheDocument();
  });

  it("saving a note does not submit a form the panel sits in (a contact modal's)", async () => {
    const { create } = serve([]);
    const outer = jest.fn((event: { preventDefault(): void }) => event.preventDefault());
    renderWithProviders(
      <form onSubmit={outer}>
        <NotesPanel entityType="contact" entityId="c1" />
      </form>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Create Note' }));
    act(() => {
      editorIn(screen.getByTestId('notes-panel')).commands.insertContent('Ring Ada');
    });
    await userEvent.click(screen.getByRole('button', { name: 'Save Note' }));
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(outer).not.toHaveBeenCalled();
  });

  it('closes the create form with Cancel', async () => {
    serve([]);
    panel();
    await userEvent.click(await screen.findByRole('button', { name: 'Create Note' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('button', { name: 'Save Note' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Note' })).toBeInTheDocument();
  });

  it('toggles the pin through PATCH /notes/:id/pin', async () => {
    const note = makeNote({ _id: 'p1', title: 'Pin me' });
    const { togglePin } = serve([makeNote({ title: 'Newer' }), note]);
    panel();
    const card = (await screen.findByText('Pin me')).closest<HTMLElement>('[data-testid="note-card"]')!;
    await userEvent.click(within(card).getByRole('button', { name: 'Pin note' }));
    expect(togglePin).toHaveBeenCalledWith('p1');
    // The pinned note moves to the top.
    await waitFor(() => expect(within(cards()[0]!).getByText('Pin me')).toBeInTheDocument());
  });

  it("deletes after the 'Delete Note' confirmation", async () => {
    const note = makeNote({ _id: 'd1', title: 'Bye' });
    const { remove } = serve([note]);
    panel();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Note' });
    expect(remove).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(remove).toHaveBeenCalledWith('d1');
    expect(await screen.findByText('No notes yet')).toBeInTheDocument();
  });

  it('restores the original title and content when saving an edit fails, with an error toast', async () => {
    const note = makeNote({ _id: 'e1', title: 'Original title', content: '<p>Original text</p>' });
    const { list } = serve([note]);
    let fail: (e: Error) => void = () => {};
    const update = jest
      .spyOn(notes, 'update')
      .mockImplementation(() => new Promise<Note>((_, reject) => (fail = reject)));
    const toasts: Toast[] = [];
    const sub = bus.on('toast:show').subscribe((t) => toasts.push(t));
    panel();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit note' }));
    const card = screen.getByTestId('note-card');
    const title = within(card).getByLabelText('Title');
    await userEvent.clear(title);
    await userEvent.type(title, 'Changed title');
    act(() => {
      editorIn(card).commands.setContent('<p>Changed text</p>', { emitUpdate: true });
    });
    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
    // Shown at once while the save is under way...
    expect(await screen.findByText('Changed title')).toBeInTheDocument();
    expect(screen.getByText('Changed text')).toBeInTheDocument();
    expect(update).toHaveBeenCalledWith('e1', {
      title: 'Changed title',
      content: '<p>Changed text</p>',
      category: 'general',
    });
    // ...and undone when it fails, by the client itself (the list refetched afterwards never answers here).
    list.mockImplementation(() => new Promise(() => {}));
    act(() => fail(new Error('Server said no')));
    expect(await screen.findByText('Original title')).toBeInTheDocument();
    expect(screen.getByText('Original text')).toBeInTheDocument();
    expect(screen.queryByText('Changed text')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(toasts).toContainEqual(expect.objectContaining({ type: 'error', message: 'Server said no' })),
    );
    sub.unsubscribe();
  });

  it('hides edit and delete when the caller does not allow them; pin stays', async () => {
    serve([makeNote()]);
    panel({ canEdit: false, canDelete: false });
    await screen.findByTestId('note-card');
    expect(screen.queryByRole('button', { name: 'Edit note' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete note' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pin note' })).toBeInTheDocument();
  });
});
