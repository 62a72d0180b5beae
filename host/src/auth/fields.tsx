import { PasswordInput, TextInput } from '@atrium/ui/core';
import { PASSWORD_HINT } from '@atrium/contracts/password';

/** The part of a @mantine/form form the fields use (method syntax: any form's typed paths fit). */
interface FieldsForm {
  key(path: string): string;
  getInputProps(path: string): object;
}

/** The e-mail field of the identity forms. */
export function EmailField({ form, path = 'email' }: { form: FieldsForm; path?: string }) {
  return (
    <TextInput
      label="Email"
      type="email"
      autoComplete="email"
      required
      key={form.key(path)}
      {...form.getInputProps(path)}
    />
  );
}

/** A new password and its confirmation (reset password, change password). */
export function NewPasswordFields({
  form,
  path,
  confirmPath = 'confirmPassword',
}: {
  form: FieldsForm;
  path: string;
  confirmPath?: string;
}) {
  return (
    <>
      <PasswordInput
        label="New password"
        description={PASSWORD_HINT}
        autoComplete="new-password"
        required
        key={form.key(path)}
        {...form.getInputProps(path)}
      />
      <PasswordInput
        label="Confirm new password"
        autoComplete="new-password"
        required
        key={form.key(confirmPath)}
        {...form.getInputProps(confirmPath)}
      />
    </>
  );
}
