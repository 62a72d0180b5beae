import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { api, session } from '@atrium/api-client';
import { loginSchema } from '@atrium/contracts';
import { Alert, Anchor, Button, Checkbox, PasswordInput, Stack, TextInput, schemaResolver, useForm } from '@atrium/ui';
import { AuthLayout } from './auth-layout';

interface LocationState {
  from?: string;
  message?: string;
}

export function SignInPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const state = (location.state ?? {}) as LocationState;
  const { status } = useSnapshot(session);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '', rememberMe: true },
    validate: schemaResolver(loginSchema, { sync: true }),
  });

  if (status === 'authenticated' && !submitting) return <Navigate to={state.from ?? '/'} replace />;

  const submit = form.onSubmit(async (values) => {
    setSubmitting(true);
    setError(null);
    const result = await api.auth.login(values);
    if (result.success) {
      navigate(state.from ?? '/', { replace: true });
    } else {
      setError(result.error);
      setSubmitting(false);
    }
  });

  return (
    <AuthLayout
      title="Sign in"
      subtitle="Welcome back. Sign in to your workspace."
      footer={
        <>
          New to Atrium?{' '}
          <Anchor component={Link} to="/signup">
            Create an account
          </Anchor>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {state.message && !error && (
            <Alert color="yellow" variant="light">
              {state.message}
            </Alert>
          )}
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
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
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Checkbox
            label="Keep me signed in"
            key={form.key('rememberMe')}
            {...form.getInputProps('rememberMe', { type: 'checkbox' })}
          />
          <Button type="submit" loading={submitting} fullWidth>
            Sign in
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
