import { screen, within } from '@testing-library/react';
import { documents, responses } from '@atrium/domain-documents';
import { makeDocument, renderWithProviders } from '../test-utils';
import { makeResponse } from '../test-forms';
import DocumentResponsesPage from './document-responses-page';

const open = () =>
  renderWithProviders(<DocumentResponsesPage />, '/documents/responses/d3', '/documents/responses/:documentId');

describe('/documents/responses/:documentId', () => {
  beforeEach(() =>
    jest
      .spyOn(documents, 'get')
      .mockResolvedValue(makeDocument(3, { type: 'questionnaire', status: 'sent', title: 'Wedding questionnaire' })),
  );
  afterEach(() => jest.restoreAllMocks());

  it("lists the questionnaire's responses: the contact (to their page) and the response itself", async () => {
    const ofDocument = jest
      .spyOn(responses, 'ofDocument')
      .mockResolvedValue([
        makeResponse(1, { source: 'questionnaire', formId: null, documentId: 'd3', title: 'Wedding questionnaire' }),
        makeResponse(2, { source: 'questionnaire', formId: null, documentId: 'd3', contact: null, contactId: null }),
      ]);
    open();
    expect(await screen.findByRole('link', { name: 'Wedding questionnaire' })).toHaveAttribute(
      'href',
      '/documents/view/d3',
    );
    const table = await screen.findByRole('table', { name: 'Responses' });
    expect(ofDocument).toHaveBeenCalledWith('d3');
    expect(within(table).getByRole('link', { name: 'Jane Doe 1' })).toHaveAttribute('href', '/contacts/c1');
    expect(within(table).getByText('No contact')).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getAllByRole('link')[0]).toHaveAttribute('href', '/response/r1');
    expect(screen.queryByText('No responses yet')).not.toBeInTheDocument();
  });

  it('says so when nobody has answered yet', async () => {
    jest.spyOn(responses, 'ofDocument').mockResolvedValue([]);
    open();
    expect(await screen.findByText('No responses yet')).toBeInTheDocument();
  });
});
