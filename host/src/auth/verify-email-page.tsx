import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { failureOf } from '@atrium/api-client';
import {
  Anchor,
  Button,
  FailureNotice,
  Group,
  Notice,
  Stack,
  Text,
  TextInput,
  type Failure,
  CardPage,
} from '@atrium/ui/core';
import { schemaResolver, useForm } from '@atrium/ui/form';
import { identity, IDENTITY_MESSAGES, VERIFICATION_CODE_LENGTH, verifyEmailSchema } from '@atrium/domain-identity';
import { EmailField } from './fields';
import type { SignInState } from './sign-in-page';

export const EMAIL_VERIFIED_MESSAGE = 'Email verified. You can sign in now.';

/**
 * /verify-email?email=…: the 6-digit code mailed at sign-up. Verifying opens no session; the visitor
 * signs in next with the e-mail prefilled. The code can be sent again.
 */
export function VerifyEmailPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const state = (useLocation().state ?? {}) as { message?: string; from?: string };
  const [error, setError] = useState<Failure | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [resending, setResending] = useState(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: params.get('email') ?? '', code: params.get('code') ?? '' },
    validate: schemaResolver(verifyEmailSchema, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    setSubmitting(true);
    setError(null);
    setNotice(null);
    const email = values.email.trim();
    try {
      await identity.verifyEmail({ email, code: values.code.trim() });
      const next: SignInState = { message: EMAIL_VERIFIED_MESSAGE, tone: 'success', email, from: state.from };
      navigate('/signin', { replace: true, state: next });
    } catch (e) {
      setSubmitting(false);
      setError(failureOf(IDENTITY_MESSAGES.emailVerificationFailed, e));
    }
  });

  const resend = async () => {
    const check = form.validateField('email');
    if (check.hasError) return;
    setResending(true);
    setError(null);
    setNotice(null);
    try {
      await identity.resendVerification({ email: form.getValues().email.trim() });
      setNotice(IDENTITY_MESSAGES.verificationSent);
    } catch (e) {
      setError(failureOf(IDENTITY_MESSAGES.emailVerificationFailed, e));
    } finally {
      setResending(false);
    }
  };

  return (
    <CardPage
      title="Verify your email"
      subtitle={`We sent a ${VERIFICATION_CODE_LENGTH}-digit code to your email address. Enter it below to activate your account.`}
      footer={
        <>
          Already verified?{' '}
          <Anchor component={Link} to="/signin" state={state.from ? { from: state.from } : undefined}>
            Sign in
          </Anchor>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {state.message && !error && !notice && <Notice tone="info">{state.message}</Notice>}
          {error && <FailureNotice failure={error} />}
          {notice && <Notice tone="success">{notice}</Notice>}
          <EmailField form={form} />
          <TextInput
            label="Verification code"
            placeholder={'0'.repeat(VERIFICATION_CODE_LENGTH)}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={VERIFICATION_CODE_LENGTH}
            required
            styles={{ input: { letterSpacing: '0.4em', fontVariantNumeric: 'tabular-nums' } }}
            key={form.key('code')}
            {...form.getInputProps('code')}
          />
          <Button type="submit" loading={submitting} fullWidth>
            Verify email
          </Button>
          <Group justify="center" gap={6}>
            <Text size="sm" c="dimmed">
              Didn&apos;t get the code?
            </Text>
            <Button variant="subtle" size="compact-sm" onClick={() => void resend()} loading={resending}>
              Send a new code
            </Button>
          </Group>
        </Stack>
      </form>
    </CardPage>
  );
}
