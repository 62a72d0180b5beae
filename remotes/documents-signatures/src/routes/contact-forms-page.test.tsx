import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { contactForms } from '@atrium/domain-documents';
import { envelope, renderWithProviders } from '../test-utils';
import { makeContactForm } from '../test-forms';
import ContactFormsPage from './contact-forms-page';

describe('/contact-forms', () => {
  afterEach(() => jest.restoreAllMocks());

  it('lists the forms with their status, submissions and creation, each opening its editor', async () => {
    const list = jest
      .spyOn(contactForms, 'list')
      .mockResolvedValue(
        envelope([
          makeContactForm(1, { name: 'Website enquiry', submissionCount: 12 }),
          makeContactForm(2, { name: 'Old form', status: 'inactive' }),
        ]),
      );
    renderWithProviders(<ContactFormsPage />, '/contact-forms?search=web');
    const table = await screen.findByRole('table', { name: 'Contact forms' });
    expect(list).toHaveBeenCalledWith({ page: 1, limit: 20, search: 'web' }, expect.anything());
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(within(first!).getByRole('link', { name: 'Website enquiry' })).toHaveAttribute(
      'href',
      '/contact-forms/editor/f1',
    );
    expect(first).toHaveTextContent('Active');
    expect(first).toHaveTextContent('12');
    expect(second).toHaveTextContent('Inactive');
    expect(screen.getByText(/Copy embed code/)).toBeInTheDocument(); // the help text says how to embed
    expect(screen.getByRole('link', { name: 'New form' })).toHaveAttribute('href', '/contact-forms/create');
  });

  it("copies a form's embed code: an iframe of its public page", async () => {
    jest.spyOn(contactForms, 'list').mockResolvedValue(envelope([makeContactForm(1, { name: 'Website enquiry' })]));
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    renderWithProviders(<ContactFormsPage />, '/contact-forms');
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Website enquiry' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Copy embed code' }));
    await waitFor(() => expect(writeText).toHaveBeenCalled());
    expect(writeText.mock.calls[0][0]).toMatch(/^<iframe src="http:\/\/localhost\/forms\/pub1" /);
  });

  it('deletes a form after confirming', async () => {
    jest.spyOn(contactForms, 'list').mockResolvedValue(envelope([makeContactForm(1, { name: 'Website enquiry' })]));
    const remove = jest.spyOn(contactForms, 'remove').mockResolvedValue(undefined);
    renderWithProviders(<ContactFormsPage />, '/contact-forms');
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Website enquiry' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith('f1', expect.anything()));
  });
});
