import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { failureOf } from '@atrium/api-client';
import { toast } from '@atrium/event-bus';
import { Anchor, Button, FailureNotice, Notice, Stack, type Failure, CardPage } from '@atrium/ui/core';
import { schemaResolver, useForm } from '@atrium/ui/form';
import { identity, IDENTITY_MESSAGES, resetPasswordSchema } from '@atrium/domain-identity';
import { NewPasswordFields } from './fields';
import type { SignInState } from './sign-in-page';

export const PASSWORDS_DIFFER = 'Passwords do not match';

const passwordRule = schemaResolver(resetPasswordSchema.pick({ password: true }), { sync: true });
/** The shared password rule, plus the confirmation this page asks for. */
export function validateNewPassword(values: { password: string; confirmPassword: string }) {
  const errors: Record<string, string> = { ...(passwordRule(values) as Record<string, string>) };
  if (values.confirmPassword !== values.password) errors.confirmPassword = PASSWORDS_DIFFER;
  return errors;
}

/**
 * /reset-password?token=…: the link from the reset e-mail. Success signs every session of the user out
 * (server side) and sends the visitor to sign in with the new password.
 */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const tokenOk = resetPasswordSchema.shape.token.safeParse(token).success;
  const [error, setError] = useState<Failure | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '', confirmPassword: '' },
    validate: validateNewPassword,
  });

  const submit = form.onSubmit(async (values) => {
    setSubmitting(true);
    setError(null);
    try {
      await identity.resetPassword({ token, password: values.password });
      toast.success(IDENTITY_MESSAGES.passwordResetSuccess);
      const next: SignInState = { message: IDENTITY_MESSAGES.passwordResetSuccess, tone: 'success' };
      navigate('/signin', { replace: true, state: next });
    } catch (e) {
      setSubmitting(false);
      setError(failureOf(IDENTITY_MESSAGES.passwordResetFailed, e));
    }
  });

  return (
    <CardPage
      title="Choose a new password"
      subtitle="Your new password signs you out everywhere else."
      footer={
        <>
          Need a new link?{' '}
          <Anchor component={Link} to="/forgot-password">
            Request another reset
          </Anchor>
        </>
      }
    >
      {!tokenOk ? (
        <Stack>
          <Notice tone="error">{IDENTITY_MESSAGES.invalidResetToken}</Notice>
          <Button component={Link} to="/forgot-password" variant="light">
            Request a new link
          </Button>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            {error && <FailureNotice failure={error} />}
            <NewPasswordFields form={form} path="password" />
            <Button type="submit" loading={submitting} fullWidth>
              Reset password
            </Button>
          </Stack>
        </form>
      )}
    </CardPage>
  );
}
