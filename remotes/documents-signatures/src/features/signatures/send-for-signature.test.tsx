import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@atrium/api-client';
import { clearTestSession } from '@atrium/api-client/testing';
import { SIGNATURE_MESSAGES, signatures } from '@atrium/domain-documents';
import { makeDocument, renderWithProviders, signInAs } from '../../test-utils';
import { makeWorkflow } from '../../test-signatures';
import { SignatureAction } from './signature-action';

const contract = makeDocument(1, {
  type: 'contract',
  status: 'draft',
  title: 'Lease agreement',
  contactId: 'c1',
  contact: { _id: 'c1', name: 'Carl Client', email: 'carl@client.test' },
  signers: [
    { role: 'owner', name: 'Olive Owner', email: 'olive@biz.test' },
    { role: 'client', name: 'Carl Client', email: 'carl@client.test' },
  ],
});

beforeEach(() => signInAs('owner'));
afterEach(() => {
  jest.restoreAllMocks();
  clearTestSession();
});

describe('Send for signature', () => {
  it('creates the workflow with the signers in order and sends it, then opens it', async () => {
    jest.spyOn(signatures, 'byDocument').mockResolvedValue(null);
    const w = makeWorkflow({ _id: 'w7' });
    const create = jest.spyOn(signatures, 'create').mockResolvedValue({ ...w, status: 'draft' });
    const send = jest
      .spyOn(signatures, 'send')
      .mockResolvedValue({ workflow: w, invitations: [{ signerId: 's1', email: 'sent' }] });
    const flush = jest.fn().mockResolvedValue(true);
    const user = userEvent.setup();
    renderWithProviders(<SignatureAction doc={contract} beforeOpen={flush} />, '/documents/editor/d1');
    await user.click(await screen.findByRole('button', { name: 'Send for signature' }));
    expect(flush).toHaveBeenCalled();
    const dialog = await screen.findByRole('dialog', { name: 'Send for signature' });
    // The client first, then the business owner.
    expect(within(dialog).getByRole('textbox', { name: 'Client' })).toHaveValue('Carl Client');
    expect(within(dialog).getByRole('textbox', { name: 'Business owner' })).toHaveValue('Olive Owner');
    await user.click(within(dialog).getByRole('radio', { name: 'Any order' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Message to the signers (optional)' }), 'Hi Carl');
    await user.click(within(dialog).getByRole('button', { name: 'Send for signature' }));
    expect(create).toHaveBeenCalledWith(
      expect.objectContaining({
        documentId: 'd1',
        signingOrder: 'any',
        reminderIntervalDays: 3,
        message: 'Hi Carl',
        signers: [
          { role: 'client', name: 'Carl Client', email: 'carl@client.test', contactId: 'c1' },
          { role: 'owner', name: 'Olive Owner', email: 'olive@biz.test' },
        ],
      }),
    );
    expect(send).toHaveBeenCalledWith('w7');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/signatures/workflows/w7'));
  });

  it('puts the slice’s messages on the fields and sends nothing', async () => {
    jest.spyOn(signatures, 'byDocument').mockResolvedValue(null);
    const create = jest.spyOn(signatures, 'create');
    const user = userEvent.setup();
    renderWithProviders(<SignatureAction doc={contract} />);
    await user.click(await screen.findByRole('button', { name: 'Send for signature' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send for signature' });
    const emails = within(dialog).getAllByRole('textbox', { name: 'Email' });
    await user.clear(emails[0]!);
    await user.clear(within(dialog).getByRole('textbox', { name: 'Business owner' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send for signature' }));
    expect(within(dialog).getByText(SIGNATURE_MESSAGES.clientNeedsEmail)).toBeInTheDocument();
    expect(within(dialog).getByText(SIGNATURE_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });

  it('moves, adds and removes signers', async () => {
    jest.spyOn(signatures, 'byDocument').mockResolvedValue(null);
    const user = userEvent.setup();
    renderWithProviders(<SignatureAction doc={contract} />);
    await user.click(await screen.findByRole('button', { name: 'Send for signature' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send for signature' });
    await user.click(within(dialog).getByRole('button', { name: 'Move signer 2 up' }));
    expect(
      within(dialog)
        .getAllByRole('textbox', { name: /^(Client|Business owner)$/ })
        .map((i) => i.getAttribute('value')),
    ).toEqual(['Olive Owner', 'Carl Client']);
    await user.click(within(dialog).getByRole('button', { name: 'Remove signer 1' }));
    expect(within(dialog).getByRole('button', { name: 'Add the business owner' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add a client signer' }));
    expect(within(dialog).getAllByRole('textbox', { name: 'Client' })).toHaveLength(2);
  });

  it('shows the server’s field message on its field', async () => {
    jest.spyOn(signatures, 'byDocument').mockResolvedValue(null);
    jest
      .spyOn(signatures, 'create')
      .mockRejectedValue(
        new ApiError(400, 'VALIDATION_ERROR', SIGNATURE_MESSAGES.invalidData, [
          { field: 'expiresAt', message: SIGNATURE_MESSAGES.expiryTooFar },
        ]),
      );
    const user = userEvent.setup();
    renderWithProviders(<SignatureAction doc={contract} />);
    await user.click(await screen.findByRole('button', { name: 'Send for signature' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send for signature' });
    await user.click(within(dialog).getByRole('button', { name: 'Send for signature' }));
    expect(await within(dialog).findByText(SIGNATURE_MESSAGES.expiryTooFar)).toBeInTheDocument();
  });

  it('links to the open workflow instead, and shows nothing to a plain member', async () => {
    jest.spyOn(signatures, 'byDocument').mockResolvedValue(makeWorkflow({ status: 'in_progress' }));
    const { unmount } = renderWithProviders(<SignatureAction doc={contract} />);
    expect(await screen.findByRole('link', { name: 'Signatures: In progress' })).toHaveAttribute(
      'href',
      '/signatures/workflows/w1',
    );
    unmount();
    signInAs('member');
    jest.spyOn(signatures, 'byDocument').mockResolvedValue(null);
    renderWithProviders(<SignatureAction doc={contract} />);
    await waitFor(() => expect(signatures.byDocument).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: 'Send for signature' })).not.toBeInTheDocument();
  });
});
