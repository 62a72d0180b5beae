import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@atrium/event-bus';
import { libraryFiles, type FileFolder, type FileUsage, type LibraryFile } from '@atrium/domain-documents';
import { envelope, renderWithProviders } from '../test-utils';
import FilesPage from './files-page';

const file = (n: number, over: Partial<LibraryFile> = {}): LibraryFile => ({
  _id: `f${n}`,
  name: `file-${n}.png`,
  type: 'image/png',
  size: 2048,
  origin: 'upload',
  owner: null,
  folderId: null,
  uploadedBy: { _id: 'u1', name: 'Ada Lovelace' },
  createdAt: '2026-11-27T10:00:00.000Z',
  url: `/api/v1/files/f${n}/download`,
  ...over,
});
const folder = (id: string, name: string, parentId: string | null = null): FileFolder => ({
  _id: id,
  name,
  parentId,
  createdAt: '2026-11-27T10:00:00.000Z',
});
const usage: FileUsage = {
  bytes: 3 * 1024 * 1024,
  files: 3,
  byOrigin: {
    project: { bytes: 1024 * 1024, files: 1 },
    task: { bytes: 0, files: 0 },
    meeting: { bytes: 0, files: 0 },
    upload: { bytes: 2 * 1024 * 1024, files: 2 },
  },
  limitBytes: null,
};

const open = (path = '/files/documents') => renderWithProviders(<FilesPage />, path, '/files/documents');

describe('/files/documents', () => {
  beforeEach(() => {
    jest.spyOn(libraryFiles, 'folders').mockResolvedValue([folder('a', 'Clients'), folder('b', 'Smith', 'a')]);
    jest.spyOn(libraryFiles, 'usage').mockResolvedValue(usage);
  });
  afterEach(() => jest.restoreAllMocks());

  it('lists the top folder: its folders, its files with their origin, and the storage used', async () => {
    const list = jest.spyOn(libraryFiles, 'list').mockResolvedValue(
      envelope([
        file(1),
        file(2, {
          name: 'plan.pdf',
          type: 'application/pdf',
          origin: 'project',
          owner: { type: 'project', _id: 'p1', title: 'Kitchen' },
        }),
      ]),
    );
    open();
    const table = await screen.findByRole('table', { name: 'Files' });
    expect(list).toHaveBeenCalledWith(
      { page: 1, limit: 20, search: undefined, origin: undefined, folderId: 'root' },
      expect.anything(),
    );
    expect(within(table).getByText('Clients')).toBeInTheDocument();
    expect(within(table).queryByText('Smith')).not.toBeInTheDocument(); // inside Clients
    expect(within(table).getByRole('link', { name: 'Project: Kitchen' })).toHaveAttribute('href', '/projects/p1');
    expect(within(table).getByText('PDF')).toBeInTheDocument();
    expect(await screen.findByTestId('storage-used')).toHaveTextContent('Storage used: 3 MB in 3 files');
  });

  it('opens a folder (breadcrumb) and searches every folder', async () => {
    const list = jest.spyOn(libraryFiles, 'list').mockResolvedValue(envelope([]));
    open();
    await userEvent.click(await screen.findByText('Clients'));
    await waitFor(() =>
      expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ folderId: 'a' }), expect.anything()),
    );
    const crumbs = screen.getByRole('navigation', { name: 'Folder path' });
    expect(within(crumbs).getByRole('button', { name: 'Clients' })).toBeInTheDocument();
    expect(await screen.findByText('Smith')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Search files' }), 'plan');
    await waitFor(() =>
      expect(list).toHaveBeenLastCalledWith(
        expect.objectContaining({ search: 'plan', folderId: undefined }),
        expect.anything(),
      ),
    );
  });

  it('uploads dropped files into the current folder, refusing too large ones before sending', async () => {
    jest.spyOn(libraryFiles, 'list').mockResolvedValue(envelope([]));
    const upload = jest.spyOn(libraryFiles, 'upload').mockResolvedValue([file(9)]);
    const success = jest.spyOn(toast, 'success').mockReturnValue('t');
    const error = jest.spyOn(toast, 'error').mockReturnValue('t');
    open('/files/documents?folder=a');
    const zone = await screen.findByTestId('drop-zone');
    const png = new File(['x'], 'a.png', { type: 'image/png' });
    fireEvent.drop(zone, { dataTransfer: { files: [png] } });
    await waitFor(() => expect(upload).toHaveBeenCalledWith(png, 'a'));
    await waitFor(() => expect(success).toHaveBeenCalledWith('File uploaded'));
    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 26 * 1024 * 1024 });
    fireEvent.drop(zone, { dataTransfer: { files: [big] } });
    expect(error).toHaveBeenCalledWith('A file can be at most 25 MB');
    expect(upload).toHaveBeenCalledTimes(1);
  });

  it('previews a PDF inline, and deletes an attachment after a confirmation that names its owner', async () => {
    const pdf = file(3, {
      name: 'plan.pdf',
      type: 'application/pdf',
      origin: 'task',
      owner: { type: 'task', _id: 't1', title: 'Tiles' },
    });
    jest.spyOn(libraryFiles, 'list').mockResolvedValue(envelope([pdf]));
    const remove = jest.spyOn(libraryFiles, 'remove').mockResolvedValue(undefined);
    jest.spyOn(toast, 'success').mockReturnValue('t');
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'plan.pdf' }));
    const preview = await screen.findByLabelText('plan.pdf preview');
    expect(preview).toHaveAttribute('data', '/api/v1/files/f3/download');

    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Actions for plan.pdf' }));
    expect(await screen.findByRole('menuitem', { name: 'Download' })).toHaveAttribute(
      'href',
      '/api/v1/files/f3/download?download=true',
    );
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect(await screen.findByText(/It is also removed from its task “Tiles”/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith('f3'));
  });
});
