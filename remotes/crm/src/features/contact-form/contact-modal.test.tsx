import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError } from '@atrium/api-client';
import { bus, type BusMessage } from '@atrium/event-bus';
import { contacts, CONTACT_MESSAGES, type Contact } from '@atrium/domain-crm';
import { makeContact, renderWithProviders, serveGroups } from '../../test-utils';
import { ContactModal } from './contact-modal';

const existing = makeContact(1, {
  _id: 'c1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  status: 'Prospect' as Contact['status'],
});

let events: BusMessage[] = [];
let sub: { unsubscribe(): void };
beforeEach(() => {
  events = [];
  sub = bus.all().subscribe((m) => events.push(m));
  serveGroups([{ _id: 'g1', name: 'VIP', color: '#e03131' }]);
});
afterEach(() => {
  sub.unsubscribe();
  jest.restoreAllMocks();
});

function renderModal(contact?: Contact) {
  const onClose = jest.fn();
  renderWithProviders(<ContactModal contact={contact} onClose={onClose} />);
  return onClose;
}
const field = (label: RegExp) => screen.getByLabelText(label);
const toasts = () =>
  events.filter((e) => e.type === 'toast:show').map((e) => (e.payload as { message: string }).message);

describe('ContactModal', () => {
  it("'Add Contact' enables Create Contact only with a first name and a valid email, creates, toasts and goes to /contacts", async () => {
    const create = jest.spyOn(contacts, 'create').mockResolvedValue(existing);
    const onClose = renderModal();
    expect(screen.getByText('Add Contact')).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Create Contact' });
    expect(submit).toBeDisabled();
    fireEvent.change(field(/^First name/), { target: { value: 'Grace' } });
    fireEvent.change(field(/^Email/), { target: { value: 'grace@navy' } });
    expect(submit).toBeDisabled();
    fireEvent.change(field(/^Email/), { target: { value: 'grace@navy.mil' } });
    expect(submit).toBeEnabled();
    fireEvent.click(submit);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(create).toHaveBeenCalledWith(
      expect.objectContaining({ firstName: 'Grace', email: 'grace@navy.mil', status: 'Active', phoneCode: null }),
    );
    expect(toasts()).toContain('Contact created successfully');
    expect(events).toContainEqual({ type: 'navigate', payload: { to: '/contacts' } });
  });

  it('keeps the form and shows the failure toast and server field messages when create fails', async () => {
    jest
      .spyOn(contacts, 'create')
      .mockRejectedValue(
        new ApiError(400, 'VALIDATION_ERROR', 'Validation failed', [
          { field: 'email', message: 'Email address is too long' },
        ]),
      );
    const onClose = renderModal();
    fireEvent.change(field(/^First name/), { target: { value: 'Grace' } });
    fireEvent.change(field(/^Email/), { target: { value: 'grace@navy.mil' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Contact' }));
    expect(await screen.findByText('Email address is too long')).toBeInTheDocument();
    expect(toasts()).toContain('Failed to create contact. Please try again.');
    expect(onClose).not.toHaveBeenCalled();
    expect(field(/^First name/)).toHaveValue('Grace');
  });

  it('shows the server’s message on the email field when another contact has the address', async () => {
    const message = CONTACT_MESSAGES.emailTaken;
    jest
      .spyOn(contacts, 'create')
      .mockRejectedValue(new ApiError(409, 'CONFLICT', message, [{ field: 'email', message }]));
    const onClose = renderModal();
    fireEvent.change(field(/^First name/), { target: { value: 'Grace' } });
    fireEvent.change(field(/^Email/), { target: { value: 'grace@navy.mil' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Contact' }));
    expect(await screen.findByText('A contact with this email already exists')).toBeInTheDocument();
    expect(field(/^Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(onClose).not.toHaveBeenCalled();
  });

  it("'Edit Contact' resets an unknown status to Active and needs a change before Save Changes", async () => {
    const update = jest.spyOn(contacts, 'update').mockResolvedValue(existing);
    renderModal(existing);
    expect(screen.getByText('Edit Contact')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('Active');
    const save = screen.getByRole('button', { name: 'Save Changes' });
    expect(save).toBeDisabled();
    fireEvent.change(field(/^Last name/), { target: { value: 'King' } });
    expect(save).toBeEnabled();
    fireEvent.click(save);
    await waitFor(() => expect(update).toHaveBeenCalledWith('c1', expect.objectContaining({ lastName: 'King' })));
  });

  it("'Delete Contact' asks with the spec's text before deleting", async () => {
    const remove = jest.spyOn(contacts, 'remove').mockResolvedValue();
    const onClose = renderModal(existing);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Contact' }));
    expect(
      await screen.findByText('Are you sure you want to delete this contact? This action cannot be undone.'),
    ).toBeInTheDocument();
    expect(remove).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith('c1'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('says notes come after creation on the Notes tab of a new contact', async () => {
    renderModal();
    fireEvent.click(screen.getByRole('tab', { name: 'Notes' }));
    expect(await screen.findByText('Notes will be available after creating the contact')).toBeInTheDocument();
  });
});

describe('ContactModal field messages', () => {
  it('shows the shared email rule message when the email field is left', async () => {
    renderModal();
    fireEvent.change(field(/^Email/), { target: { value: 'grace@navy' } });
    fireEvent.blur(field(/^Email/));
    expect(await screen.findByText('Email address domain must contain a dot (e.g., navy.com)')).toBeInTheDocument();
  });
});

describe('ContactModal notes tab', () => {
  it('shows the compact notes panel for an existing contact', async () => {
    const notesModule = await import('@atrium/notes');
    const list = jest
      .spyOn(notesModule.notes, 'list')
      .mockResolvedValue({ success: true, data: [], meta: { total: 0, page: 1, limit: 5, totalPages: 1 } });
    renderModal(existing);
    fireEvent.click(screen.getByRole('tab', { name: 'Notes' }));
    expect(await screen.findByText('No notes yet')).toBeInTheDocument();
    expect(list).toHaveBeenCalledWith(
      expect.objectContaining({ entityType: 'contact', entityId: 'c1', limit: 5 }),
      expect.anything(),
    );
  });

  it('saving a note on the Notes tab leaves the contact alone (no update, the modal stays)', async () => {
    const notesModule = await import('@atrium/notes');
    jest
      .spyOn(notesModule.notes, 'list')
      .mockResolvedValue({ success: true, data: [], meta: { total: 0, page: 1, limit: 5, totalPages: 1 } });
    const update = jest.spyOn(contacts, 'update').mockResolvedValue(existing);
    const onClose = renderModal(existing);
    fireEvent.click(screen.getByRole('tab', { name: 'Notes' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Create Note' }));
    // Blank content: the note form refuses it; its submit must not reach the contact's form either.
    fireEvent.click(await screen.findByRole('button', { name: 'Save Note' }));
    expect(await screen.findByText('Note content is required')).toBeInTheDocument();
    expect(update).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("the footer's Save Changes still submits the contact's form from another tab", async () => {
    const update = jest.spyOn(contacts, 'update').mockResolvedValue(existing);
    renderModal(existing);
    fireEvent.click(screen.getByRole('tab', { name: 'Business' }));
    fireEvent.change(await screen.findByLabelText(/^Industry/), { target: { value: 'Weddings' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(update).toHaveBeenCalledWith('c1', expect.objectContaining({ industry: 'Weddings' })));
  });
});
