import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@atrium/api-client';
import { contactForms, type ContactFormUpdate } from '@atrium/domain-documents';
import { renderWithProviders } from '../test-utils';
import { makeContactForm, makeQuestion } from '../test-forms';
import ContactFormsEditorPage from './contact-forms-editor-page';

const open = () =>
  renderWithProviders(<ContactFormsEditorPage />, '/contact-forms/editor/f1', '/contact-forms/editor/:id');

describe('/contact-forms/editor/:id', () => {
  afterEach(() => jest.restoreAllMocks());

  it('autosaves a question added with the documents editor fields, and shows it saved', async () => {
    const form = makeContactForm(1, { name: 'Website enquiry' });
    jest.spyOn(contactForms, 'get').mockResolvedValue(form);
    const update = jest
      .spyOn(contactForms, 'update')
      .mockImplementation(async (_id, body) => ({ ...form, ...(body as object) }) as typeof form);
    open();
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('Website enquiry');
    expect(screen.getByText('No questions of its own yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add question' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Question' }), 'Budget');
    await waitFor(() => expect(update).toHaveBeenCalled(), { timeout: 3000 });
    const body = update.mock.calls.at(-1)![1] as ContactFormUpdate;
    expect(update.mock.calls.at(-1)![0]).toBe('f1');
    expect(body.questions).toEqual([expect.objectContaining({ type: 'question', kind: 'shortText', label: 'Budget' })]);
    expect(body.status).toBe('active');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Saved'));
    // Its public page and the snippet to embed it.
    expect(screen.getByRole('textbox', { name: 'Public page' })).toHaveValue('http://localhost/forms/pub1');
    expect((screen.getByRole('textbox', { name: /Embed code/ }) as HTMLTextAreaElement).value).toMatch(
      /^<iframe src="http:\/\/localhost\/forms\/pub1" /,
    );
  });

  it("holds back what the slice's schema refuses (a blank name) and shows the server's field messages", async () => {
    const form = makeContactForm(1, { questions: [makeQuestion('q1', 'shortText', { label: 'Budget' })] });
    jest.spyOn(contactForms, 'get').mockResolvedValue(form);
    const update = jest
      .spyOn(contactForms, 'update')
      .mockRejectedValue(
        new ApiError(400, 'VALIDATION_ERROR', 'Invalid contact form update data', [
          { field: 'questions.0.label', message: 'Question label taken' },
        ]),
      );
    open();
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await userEvent.clear(name);
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Not saved: fix the marked fields');
    await userEvent.type(name, 'Enquiry');
    await waitFor(() => expect(update).toHaveBeenCalled(), { timeout: 3000 });
    expect(await screen.findByText('Question label taken')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Save failed');
  });
});
