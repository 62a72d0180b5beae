import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { contactTags, contacts } from '@atrium/domain-crm';
import { meetings, type Meeting } from '@atrium/domain-work/public';
import { makeContact, renderWithProviders, serveGroups } from '../test-utils';
import ContactDetailPage from './contact-detail-page';

jest.mock('../components/lazy-notes-panel', () => ({
  LazyNotesPanel: ({ entityId }: { entityId: string }) => <div>notes of {entityId}</div>,
}));

const renderAt = (path: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/contacts/:contactId" element={<ContactDetailPage />} />
      <Route path="/contacts" element={<p>the contacts list</p>} />
    </Routes>,
    path,
  );

describe('ContactDetailPage', () => {
  beforeEach(() => {
    serveGroups([
      { _id: 'g1', name: 'Weddings', color: '#e64980' },
      { _id: 'g2', name: 'Press', color: '#1c7ed6' },
    ]);
    jest.spyOn(contactTags, 'list').mockResolvedValue([{ _id: 't1', name: 'lead', color: '#2f9e44' } as never]);
    jest.spyOn(meetings, 'ofContact').mockResolvedValue([]);
  });
  afterEach(() => jest.restoreAllMocks());

  it('shows the fields, the groups and tags as colored chips linking to the filtered list, and the notes', async () => {
    const get = jest.spyOn(contacts, 'get').mockResolvedValue(
      makeContact(1, {
        phone: '+44 7700900123',
        business: 'Analytical Engines',
        groupIds: ['g2', 'gone'],
        tags: ['t1'],
        foundDate: '1843-07-01T00:00:00.000Z',
      }),
    );
    renderAt('/contacts/c1');
    expect(await screen.findByRole('heading', { name: 'First1 Last1' })).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('c1');
    expect(screen.getByText('+44 7700900123')).toBeInTheDocument();
    expect(screen.getByText('Analytical Engines')).toBeInTheDocument();
    const press = await screen.findByRole('link', { name: 'Press' });
    expect(press).toHaveAttribute('href', '/contacts?groupIds=g2');
    // Filled with the group's own colour (Mantine's badge variable), its text picked to read on it.
    expect(press.style.getPropertyValue('--badge-bg')).toBe('#1c7ed6');
    // A group the contact is not in, and an id whose group is gone, are not shown.
    expect(screen.queryByText('Weddings')).not.toBeInTheDocument();
    expect(screen.queryByText('gone')).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'lead' })).toHaveAttribute('href', '/contacts?tags=t1');
    expect(screen.getByText('notes of c1')).toBeInTheDocument();
  });

  it("shows the contact's meetings, each linked to the calendar", async () => {
    jest.spyOn(contacts, 'get').mockResolvedValue(makeContact(4));
    const of = jest.spyOn(meetings, 'ofContact').mockResolvedValue([
      {
        _id: 'm1',
        title: 'Site visit',
        startDate: '2099-05-01T09:00:00.000Z',
        endDate: '2099-05-01T10:00:00.000Z',
        isAllDay: false,
        status: 'scheduled',
      } as Meeting,
    ]);
    renderAt('/contacts/c4');
    const card = (await screen.findByRole('heading', { name: 'Meetings' })).closest(
      '.mantine-Card-root',
    )! as HTMLElement;
    expect(await within(card).findByRole('link', { name: 'Site visit' })).toHaveAttribute(
      'href',
      '/calendar/meetings/m1',
    );
    expect(of).toHaveBeenCalledWith('c4');
  });

  it('shows a dash where the contact has no groups or tags, and an unknown status as Active', async () => {
    jest.spyOn(contacts, 'get').mockResolvedValue(makeContact(2, { status: 'Prospect' as never }));
    renderAt('/contacts/c2');
    const card = (await screen.findByRole('heading', { name: 'Groups and tags' })).closest('div')!;
    expect(within(card).getAllByText('—')).toHaveLength(2);
    expect(within(card).queryAllByRole('link')).toHaveLength(0);
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.queryByText('Prospect')).not.toBeInTheDocument();
  });

  it('leaves for the contacts list after the contact is deleted from its own page', async () => {
    jest.spyOn(contacts, 'get').mockResolvedValue(makeContact(3));
    const remove = jest.spyOn(contacts, 'remove').mockResolvedValue();
    renderAt('/contacts/c3');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Contact' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Contact' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith('c3'));
    expect(await screen.findByText('the contacts list')).toBeInTheDocument();
  });
});
