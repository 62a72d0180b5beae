import { screen } from '@testing-library/react';
import { documents } from '@atrium/domain-documents';
import { makeDocument, renderWithProviders } from '../test-utils';
import DocumentResponsesPage from './document-responses-page';

describe('/documents/responses/:documentId', () => {
  afterEach(() => jest.restoreAllMocks());

  it('names the questionnaire from the API and says it has no responses yet', async () => {
    const get = jest
      .spyOn(documents, 'get')
      .mockResolvedValue(makeDocument(3, { type: 'questionnaire', title: 'Wedding questionnaire' }));
    renderWithProviders(<DocumentResponsesPage />, '/documents/responses/d3', '/documents/responses/:documentId');
    expect(await screen.findByRole('link', { name: 'Wedding questionnaire' })).toHaveAttribute(
      'href',
      '/documents/editor/d3',
    );
    expect(get).toHaveBeenCalledWith('d3');
    expect(screen.getByText('No responses yet')).toBeInTheDocument();
  });
});
