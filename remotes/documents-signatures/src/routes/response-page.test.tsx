import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { responses } from '@atrium/domain-documents';
import { renderWithProviders } from '../test-utils';
import { makeResponse } from '../test-forms';
import ResponsePage from './response-page';

const open = () => renderWithProviders(<ResponsePage />, '/response/r1', '/response/:submissionId');

describe('/response/:submissionId', () => {
  afterEach(() => jest.restoreAllMocks());

  it('shows each answer under its question as asked, and links the contact', async () => {
    const get = jest.spyOn(responses, 'get').mockResolvedValue(
      makeResponse(1, {
        answers: [
          { questionId: 'q1', label: 'Budget', kind: 'number', value: 2500 },
          { questionId: 'q2', label: 'Extras', kind: 'multiChoice', value: ['Album', 'Video'] },
          { questionId: 'q3', label: 'Anything else?', kind: 'longText', value: null },
          { questionId: 'q4', label: 'Plans', kind: 'file', value: { fileId: 'file 1', name: 'plan.pdf' } },
        ],
      }),
    );
    open();
    expect(await screen.findByRole('link', { name: 'Website enquiry' })).toHaveAttribute(
      'href',
      '/contact-forms/editor/f1',
    );
    expect(get).toHaveBeenCalledWith('r1');
    expect(screen.getByRole('link', { name: 'Jane Doe 1' })).toHaveAttribute('href', '/contacts/c1');
    const answers = screen.getByLabelText('Answers');
    const terms = within(answers)
      .getAllByRole('term')
      .map((t) => t.textContent);
    const values = within(answers)
      .getAllByRole('definition')
      .map((d) => d.textContent);
    expect(terms).toEqual(['Budget', 'Extras', 'Anything else?', 'Plans']);
    expect(values).toEqual(['2500', 'Album, Video', '—', 'plan.pdf']);
    // A file answer downloads the file through the file manager's route (the signed-in owner's session).
    const file = within(answers).getByRole('link', { name: 'plan.pdf' });
    expect(file).toHaveAttribute('href', '/api/v1/files/file%201/download?download=true');
    expect(file).toHaveAttribute('download', 'plan.pdf');
  });

  it('deletes it after confirming and goes back to the list', async () => {
    jest.spyOn(responses, 'get').mockResolvedValue(makeResponse(1));
    const remove = jest.spyOn(responses, 'remove').mockResolvedValue(undefined);
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/responses'));
    expect(remove).toHaveBeenCalledWith('r1', expect.anything());
  });
});
