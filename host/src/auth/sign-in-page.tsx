import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { api, sessionView } from '@atrium/api-client';
import {
  Anchor,
  Button,
  Checkbox,
  Divider,
  Group,
  Notice,
  PasswordInput,
  lazySchemaResolver,
  Stack,
  useLightForm,
  CardPage,
} from '@atrium/ui/core';
import { EmailField } from './fields';
import { GoogleSignInButton } from './google-button';

/** What other pages hand to /signin: where to go after, a message, and the e-mail to prefill. */
export interface SignInState {
  from?: string;
  message?: string;
  /** 'success' shows the message in green (e.g. after verifying the e-mail or resetting the password). */
  tone?: 'success' | 'info';
  email?: string;
}

// The schema (and zod with it) loads on the form's first focus, not with the page: see lazySchemaResolver.
const validateLogin = lazySchemaResolver(() => import('@atrium/contracts').then((m) => m.loginSchema));

export function SignInPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const state = (location.state ?? {}) as SignInState;
  const { status } = useSnapshot(sessionView);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const form = useLightForm({
    initialValues: { email: state.email ?? '', password: '', rememberMe: true },
    validate: validateLogin,
  });

  if (status === 'authenticated' && !submitting) return <Navigate to={state.from ?? '/'} replace />;

  const submit = form.onSubmit(async (values) => {
    setSubmitting(true);
    setError(null);
    const result = await api.auth.login(values);
    if (result.success) {
      navigate(state.from ?? '/', { replace: true });
    } else if (result.code === 'EMAIL_NOT_VERIFIED') {
      // The password was right but the address is not verified yet: verify first, then come back.
      navigate(`/verify-email?email=${encodeURIComponent(values.email.trim())}`, {
        state: { message: result.error, from: state.from },
      });
    } else {
      setError(result.error);
      setSubmitting(false);
    }
  });

  return (
    <CardPage
      title="Sign in"
      subtitle="Welcome back. Sign in to your workspace."
      footer={
        <>
          New to Atrium?{' '}
          <Anchor component={Link} to="/signup" state={state.from ? { from: state.from } : undefined}>
            Create an account
          </Anchor>
        </>
      }
    >
      <form onSubmit={submit} onFocus={validateLogin.preload} noValidate>
        <Stack>
          {state.message && !error && (
            <Notice tone={state.tone === 'success' ? 'success' : 'info'}>{state.message}</Notice>
          )}
          {error && <Notice tone="error">{error}</Notice>}
          <EmailField form={form} />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Group justify="space-between" wrap="nowrap">
            <Checkbox
              label="Keep me signed in"
              key={form.key('rememberMe')}
              {...form.getInputProps('rememberMe', { type: 'checkbox' })}
            />
            <Anchor component={Link} to="/forgot-password" size="sm">
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" loading={submitting} fullWidth>
            Sign in
          </Button>
        </Stack>
      </form>
      <Divider label="or" labelPosition="center" my="lg" />
      <GoogleSignInButton />
    </CardPage>
  );
}
