import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@atrium/api-client';
import { publicForms } from '@atrium/domain-documents';
import { renderWithProviders } from '../test-utils';
import { makeQuestion } from '../test-forms';
import PublicFormPage from './public-form-page';

const open = () => renderWithProviders(<PublicFormPage />, '/forms/pub1', '/forms/:publicId');

describe('/forms/:publicId', () => {
  afterEach(() => jest.restoreAllMocks());

  it("shows the business's form, sends a submission and shows the form's success message", async () => {
    const get = jest.spyOn(publicForms, 'get').mockResolvedValue({
      publicId: 'pub1',
      name: 'Wedding enquiry',
      description: 'Tell us about your day.',
      questions: [makeQuestion('q1', 'date', { label: 'Wedding day', required: true })],
      business: { name: 'Ann Photo' },
    });
    const submit = jest
      .spyOn(publicForms, 'submit')
      .mockResolvedValue({ message: 'We will be in touch within a day.' });
    open();
    expect(await screen.findByRole('heading', { name: 'Wedding enquiry' })).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('pub1');
    expect(screen.getByText('Ann Photo')).toBeInTheDocument();
    expect(screen.getByText('Tell us about your day.')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /First name/ }), 'Jane');
    await userEvent.type(screen.getByRole('textbox', { name: /Last name/ }), 'Doe');
    await userEvent.type(screen.getByRole('textbox', { name: /Email/ }), 'jane@example.com');
    await userEvent.type(screen.getByLabelText(/Wedding day/), '2027-06-12');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(submit).toHaveBeenCalledWith('pub1', {
      contact: { firstName: 'Jane', lastName: 'Doe', email: 'jane@example.com' },
      answers: { q1: '2027-06-12' },
      website: '',
    });
    expect(await screen.findByRole('status')).toHaveTextContent('We will be in touch within a day.');
  });

  it('an unknown or inactive form is a plain page saying it is not available', async () => {
    jest.spyOn(publicForms, 'get').mockRejectedValue(new ApiError(404, 'NOT_FOUND', 'Form not found'));
    open();
    expect(await screen.findByRole('heading', { name: 'This form is not available' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
  });
});
