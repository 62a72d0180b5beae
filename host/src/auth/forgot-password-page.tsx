import { useState } from 'react';
import { Link } from 'react-router-dom';
import { identity, isApiError } from '@atrium/api-client';
import { IDENTITY_MESSAGES, emailOnlySchema } from '@atrium/contracts';
import { Alert, Anchor, Button, Stack, TextInput, schemaResolver, useForm } from '@atrium/ui';
import { AuthLayout } from './auth-layout';

/**
 * /forgot-password: asks for a reset link. The server answers the same whether or not the address has an
 * account, so the page does too.
 */
export function ForgotPasswordPage() {
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<{ title: string; detail?: string } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: schemaResolver(emailOnlySchema, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    setSubmitting(true);
    setError(null);
    try {
      const answer = await identity.forgotPassword({ email: values.email.trim() });
      setSent(answer?.message || IDENTITY_MESSAGES.forgotPasswordSent);
    } catch (e) {
      const title = IDENTITY_MESSAGES.forgotPasswordFailed;
      const detail = isApiError(e) && e.message !== title ? e.message : undefined;
      setError({ title, detail });
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <AuthLayout
      title="Reset your password"
      subtitle="Enter the email address of your account and we will send you a link to choose a new password."
      footer={
        <>
          Remembered it?{' '}
          <Anchor component={Link} to="/signin">
            Back to sign in
          </Anchor>
        </>
      }
    >
      {sent ? (
        <Stack>
          <Alert color="green" variant="light" role="status">
            {sent}
          </Alert>
          <Button variant="light" onClick={() => setSent(null)}>
            Send another link
          </Button>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            {error && (
              <Alert color="red" variant="light" role="alert" title={error.detail ? error.title : undefined}>
                {error.detail ?? error.title}
              </Alert>
            )}
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              required
              key={form.key('email')}
              {...form.getInputProps('email')}
            />
            <Button type="submit" loading={submitting} fullWidth>
              Send reset link
            </Button>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
