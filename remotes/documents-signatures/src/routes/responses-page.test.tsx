import { screen, within } from '@testing-library/react';
import { responses } from '@atrium/domain-documents';
import { envelope, renderWithProviders } from '../test-utils';
import { makeResponseSummary } from '../test-forms';
import ResponsesPage from './responses-page';

describe('/responses', () => {
  afterEach(() => jest.restoreAllMocks());

  it('lists every submission: when (opening it), the contact (to their page), the form or document', async () => {
    const list = jest.spyOn(responses, 'list').mockResolvedValue(
      envelope(
        [
          makeResponseSummary(1),
          makeResponseSummary(2, {
            source: 'questionnaire',
            formId: null,
            documentId: 'd1',
            title: 'Wedding questionnaire',
          }),
        ],
        45,
        2,
      ),
    );
    renderWithProviders(<ResponsesPage />, '/responses?search=jane&page=2&source=questionnaire');
    const table = await screen.findByRole('table', { name: 'Responses' });
    expect(list).toHaveBeenCalledWith(
      { page: 2, limit: 20, search: 'jane', source: 'questionnaire', formId: undefined, documentId: undefined },
      expect.anything(),
    );
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(within(first!).getAllByRole('link')[0]).toHaveAttribute('href', '/response/r1');
    expect(within(first!).getByRole('link', { name: 'Jane Doe 1' })).toHaveAttribute('href', '/contacts/c1');
    expect(first).toHaveTextContent('jane1@example.com');
    expect(first).toHaveTextContent('Website enquiry');
    expect(first).toHaveTextContent('Contact form');
    expect(second).toHaveTextContent('Wedding questionnaire');
    expect(second).toHaveTextContent('Questionnaire');
    expect(screen.getByTestId('list-range')).toHaveTextContent('Showing 21–40 of 45 responses');
    expect(screen.getByRole('textbox', { name: 'Search responses' })).toHaveValue('jane');
  });

  it('says when there are none', async () => {
    jest.spyOn(responses, 'list').mockResolvedValue(envelope([]));
    renderWithProviders(<ResponsesPage />, '/responses');
    expect(await screen.findByText('No responses yet')).toBeInTheDocument();
  });
});
