import { useState } from 'react';
import { Link } from 'react-router-dom';
import { failureOf } from '@atrium/api-client';
import { Anchor, Button, FailureNotice, Notice, Stack, type Failure, CardPage } from '@atrium/ui/core';
import { schemaResolver, useForm } from '@atrium/ui/form';
import { identity, IDENTITY_MESSAGES, emailOnlySchema } from '@atrium/domain-identity';
import { EmailField } from './fields';

/**
 * /forgot-password: asks for a reset link. The server answers the same whether or not the address has an
 * account, so the page does too.
 */
export function ForgotPasswordPage() {
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<Failure | null>(null);
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
      setError(failureOf(IDENTITY_MESSAGES.forgotPasswordFailed, e));
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <CardPage
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
          <Notice tone="success">{sent}</Notice>
          <Button variant="light" onClick={() => setSent(null)}>
            Send another link
          </Button>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            {error && <FailureNotice failure={error} />}
            <EmailField form={form} />
            <Button type="submit" loading={submitting} fullWidth>
              Send reset link
            </Button>
          </Stack>
        </form>
      )}
    </CardPage>
  );
}
