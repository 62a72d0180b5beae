import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@atrium/api-client';
import { FORM_MESSAGES } from '@atrium/domain-documents';
import { renderWithProviders } from '../../test-utils';
import { makeQuestion } from '../../test-forms';
import { AnswerForm } from './answer-form';

const questions = [
  makeQuestion('q1', 'shortText', { label: 'Company', required: true }),
  makeQuestion('q2', 'longText', { label: 'Tell us more' }),
  makeQuestion('q3', 'singleChoice', { label: 'Colour' }),
  makeQuestion('q4', 'multiChoice', { label: 'Extras', options: ['Album', 'Prints', 'Video'] }),
  makeQuestion('q5', 'date', { label: 'Wedding day' }),
  makeQuestion('q6', 'number', { label: 'Guests' }),
  makeQuestion('q7', 'file', { label: 'Venue plan' }),
];

function renderForm(onSubmit = jest.fn().mockResolvedValue('Thanks, we will call you.'), askContact = true) {
  renderWithProviders(<AnswerForm askContact={askContact} blocks={questions} onSubmit={onSubmit} />);
  return onSubmit;
}

describe('AnswerForm', () => {
  it('asks every kind of question as its kind asks it, after the contact fields', () => {
    renderForm();
    expect(screen.getByRole('textbox', { name: /First name/ })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Last name' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveAttribute('type', 'email');
    expect(screen.getByRole('textbox', { name: /Company/ })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Tell us more' }).tagName).toBe('TEXTAREA');
    const colour = screen.getByRole('radiogroup', { name: 'Colour' });
    expect(
      within(colour)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['Red', 'Blue']);
    const extras = screen.getByRole('group', { name: 'Extras' });
    expect(within(extras).getAllByRole('checkbox')).toHaveLength(3);
    expect(screen.getByLabelText('Wedding day')).toHaveAttribute('type', 'date');
    expect(screen.getByRole('textbox', { name: 'Guests' })).toHaveAttribute('inputmode', 'decimal');
    // A page without an upload: the file question says so instead of offering a control that cannot work.
    expect(screen.getByText('Venue plan')).toBeInTheDocument();
    expect(screen.getByText(FORM_MESSAGES.fileUnavailable)).toBeInTheDocument();
  });

  it('keeps the honeypot out of sight, out of the tab order and away from screen readers', () => {
    renderForm();
    const trap = screen.getByTestId('honeypot');
    expect(trap).toHaveAttribute('aria-hidden', 'true');
    expect(trap).toHaveStyle({ position: 'absolute', left: '-10000px' });
    const input = trap.querySelector('input')!;
    expect(input).toHaveAttribute('name', 'website');
    expect(input).toHaveAttribute('tabindex', '-1');
    // Not reachable by role: assistive technology does not announce it.
    expect(screen.queryByRole('textbox', { name: 'Website' })).not.toBeInTheDocument();
  });

  it("checks with the slice's rules before sending: required answers, the email, a number", async () => {
    const onSubmit = renderForm();
    await userEvent.type(screen.getByRole('textbox', { name: /Email/ }), 'not-an-email');
    await userEvent.type(screen.getByRole('textbox', { name: 'Guests' }), 'many');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent(FORM_MESSAGES.invalidAnswers);
    expect(screen.getByRole('textbox', { name: /First name/ })).toHaveAccessibleDescription(
      FORM_MESSAGES.firstNameRequired,
    );
    expect(screen.getByRole('textbox', { name: /Company/ })).toHaveAccessibleDescription(FORM_MESSAGES.required);
    expect(screen.getByRole('textbox', { name: 'Guests' })).toHaveAccessibleDescription(FORM_MESSAGES.notNumber);
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveAccessibleDescription(/email/i);
  });

  it('sends the cleaned answers with the contact and the (empty) honeypot, then shows the success message', async () => {
    const onSubmit = renderForm();
    await userEvent.type(screen.getByRole('textbox', { name: /First name/ }), 'Jane');
    await userEvent.type(screen.getByRole('textbox', { name: /Email/ }), 'jane@example.com');
    await userEvent.type(screen.getByRole('textbox', { name: /Company/ }), '  Acme  ');
    await userEvent.click(screen.getByRole('radio', { name: 'Blue' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Album' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Video' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Guests' }), '120');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledWith({
      contact: { firstName: 'Jane', lastName: '', email: 'jane@example.com' },
      answers: { q1: 'Acme', q3: 'Blue', q4: ['Album', 'Video'], q6: 120 },
      website: '',
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Thanks, we will call you.');
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
  });

  it("shows the server's field messages beside their fields and keeps what was typed", async () => {
    const onSubmit = jest.fn().mockRejectedValue(
      new ApiError(400, 'VALIDATION_ERROR', FORM_MESSAGES.invalidAnswers, [
        { field: 'answers.q1', message: 'Answer must be at most 500 characters' },
        { field: 'contact.email', message: 'Email address format is invalid' },
      ]),
    );
    renderForm(onSubmit);
    await userEvent.type(screen.getByRole('textbox', { name: /First name/ }), 'Jane');
    await userEvent.type(screen.getByRole('textbox', { name: /Email/ }), 'jane@example.com');
    await userEvent.type(screen.getByRole('textbox', { name: /Company/ }), 'Acme');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(FORM_MESSAGES.invalidAnswers);
    expect(screen.getByRole('textbox', { name: /Company/ })).toHaveAccessibleDescription(
      'Answer must be at most 500 characters',
    );
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveAccessibleDescription(
      'Email address format is invalid',
    );
    expect(screen.getByRole('textbox', { name: /Company/ })).toHaveValue('Acme');
  });

  it('says what went wrong when the server refuses without field messages (too many submissions)', async () => {
    const onSubmit = jest.fn().mockRejectedValue(new ApiError(429, 'RATE_LIMITED', FORM_MESSAGES.tooManyRequests));
    renderWithProviders(
      <AnswerForm blocks={[makeQuestion('q1', 'shortText', { label: 'Anything' })]} onSubmit={onSubmit} />,
    );
    // A questionnaire: no contact fields, no honeypot.
    expect(screen.queryByRole('textbox', { name: /First name/ })).not.toBeInTheDocument();
    expect(screen.queryByTestId('honeypot')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledWith({ answers: {} });
    expect(await screen.findByRole('alert')).toHaveTextContent(FORM_MESSAGES.tooManyRequests);
  });

  describe('file questions with an upload', () => {
    const fileBlocks = [makeQuestion('plan', 'file', { label: 'Venue plan', required: true })];
    const pickFile = async (name = 'plan.png') => {
      const input = document.querySelector('input[type="file"]') as HTMLInputElement;
      await userEvent.upload(input, new File(['png'], name, { type: 'image/png' }));
    };

    it('uploads on pick (shown while it runs), sends the reference, and can remove it', async () => {
      let finish: (v: { fileId: string; name: string }) => void = () => undefined;
      const uploadFile = jest.fn(() => new Promise<{ fileId: string; name: string }>((r) => (finish = r)));
      const onSubmit = jest.fn().mockResolvedValue('Thanks');
      renderWithProviders(<AnswerForm blocks={fileBlocks} onSubmit={onSubmit} uploadFile={uploadFile} />);
      expect(screen.queryByText(FORM_MESSAGES.fileUnavailable)).not.toBeInTheDocument();

      // Required: nothing picked → the slice's message, nothing sent.
      await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
      expect(onSubmit).not.toHaveBeenCalled();
      expect(screen.getByRole('group', { name: 'Venue plan' })).toHaveTextContent(FORM_MESSAGES.required);

      await pickFile();
      expect(uploadFile).toHaveBeenCalledWith(expect.objectContaining({ name: 'plan.png' }));
      expect(screen.getByRole('status')).toHaveTextContent('Uploading plan.png…');
      expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
      finish({ fileId: 'f1', name: 'plan.png' });
      await userEvent.click(await screen.findByRole('button', { name: 'Remove plan.png' }));
      expect(screen.getByRole('button', { name: 'Choose a file' })).toBeInTheDocument();

      await pickFile();
      finish({ fileId: 'f2', name: 'plan.png' });
      await screen.findByRole('button', { name: 'Remove plan.png' });
      await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
      expect(onSubmit).toHaveBeenCalledWith({ answers: { plan: { fileId: 'f2', name: 'plan.png' } } });
    });

    it("shows the server's refusal of a file on its question and lets another be picked", async () => {
      const uploadFile = jest
        .fn()
        .mockRejectedValue(new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'This file type is not allowed'));
      renderWithProviders(<AnswerForm blocks={fileBlocks} onSubmit={jest.fn()} uploadFile={uploadFile} />);
      await pickFile('setup.exe');
      const group = screen.getByRole('group', { name: 'Venue plan' });
      expect(await within(group).findByText('This file type is not allowed')).toBeInTheDocument();
      expect(within(group).getByRole('button', { name: 'Choose a file' })).toBeInTheDocument();
    });
  });
});
