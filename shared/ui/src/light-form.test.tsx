import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Checkbox, TextInput } from '@mantine/core';
import type { FormErrors } from './form-errors';
import { useLightForm } from './light-form';
import { renderWithUi } from './test-utils';

function Form({ onSubmit }: { onSubmit: (v: { email: string; remember: boolean }) => void }) {
  const form = useLightForm({
    initialValues: { email: 'pre@filled.test', remember: true },
    validate: async (v): Promise<FormErrors> =>
      v.email.includes('@') ? {} : { email: 'Email address must contain @ symbol' },
  });
  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate>
      <TextInput label="Email" key={form.key('email')} {...form.getInputProps('email')} />
      <Checkbox label="Remember" key={form.key('remember')} {...form.getInputProps('remember', { type: 'checkbox' })} />
      <button type="submit">Go</button>
      <button type="button" onClick={() => form.setErrors({ email: 'Taken', remember: undefined })}>
        Server says
      </button>
    </form>
  );
}

describe('useLightForm', () => {
  it('starts from the initial values, checks on submit and passes the values on when nothing is wrong', async () => {
    const onSubmit = jest.fn();
    renderWithUi(<Form onSubmit={onSubmit} />);
    expect(screen.getByLabelText('Email')).toHaveValue('pre@filled.test');
    expect(screen.getByLabelText('Remember')).toBeChecked();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByLabelText('Remember'));
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(await screen.findByText('Email address must contain @ symbol')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    // A field's error clears when it changes.
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@b.co' } });
    expect(screen.queryByText('Email address must contain @ symbol')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ email: 'a@b.co', remember: false }));
  });

  it('shows errors set from outside (the server), leaving out empty ones', async () => {
    renderWithUi(<Form onSubmit={jest.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Server says' }));
    expect(await screen.findByText('Taken')).toBeInTheDocument();
  });
});
