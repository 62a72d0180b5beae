import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { api, fieldErrorsOf, isApiError } from '@atrium/api-client';
import { MESSAGES } from '@atrium/contracts/messages';
import { PASSWORD_HINT } from '@atrium/contracts/password';
import {
  Anchor,
  Button,
  Divider,
  Group,
  Notice,
  PasswordInput,
  lazySchemaResolver,
  Stack,
  TextInput,
  useLightForm,
  CardPage,
} from '@atrium/ui/core';
import { EmailField } from './fields';
import { GoogleSignInButton } from './google-button';

// The schema (and zod with it) loads on the form's first focus, not with the page: see lazySchemaResolver.
const validateRegister = lazySchemaResolver(() => import('@atrium/contracts').then((m) => m.registerSchema));

export function SignUpPage() {
  const navigate = useNavigate();
  /** Where the visitor was going (e.g. an invite link): kept through verification and sign-in. */
  const from = ((useLocation().state ?? {}) as { from?: string }).from;
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const form = useLightForm({
    initialValues: { firstName: '', lastName: '', email: '', password: '', businessName: '' },
    validate: validateRegister,
  });

  const submit = form.onSubmit(async (values) => {
    setSubmitting(true);
    setError(null);
    try {
      const result = await api.auth.register({ ...values, businessName: values.businessName || undefined });
      if (result.requiresVerification) {
        // No session yet: the code sent by e-mail verifies the address first.
        navigate(`/verify-email?email=${encodeURIComponent(result.email)}`, { replace: true, state: { from } });
      } else {
        navigate(from ?? '/', { replace: true });
      }
    } catch (e) {
      setSubmitting(false);
      const fields = fieldErrorsOf(e);
      if (fields) {
        // The server speaks the same schema: put its field messages on the fields.
        form.setErrors(fields);
        return;
      }
      setError(isApiError(e) ? e.message : MESSAGES.signupFailed);
    }
  });

  return (
    <CardPage
      title="Create your account"
      subtitle="Your workspace for clients, projects and paperwork."
      footer={
        <>
          Already have an account?{' '}
          <Anchor component={Link} to="/signin" state={from ? { from } : undefined}>
            Sign in
          </Anchor>
        </>
      }
    >
      <form onSubmit={submit} onFocus={validateRegister.preload} noValidate>
        <Stack>
          {error && <Notice tone="error">{error}</Notice>}
          <Group grow align="flex-start">
            <TextInput
              label="First name"
              autoComplete="given-name"
              required
              key={form.key('firstName')}
              {...form.getInputProps('firstName')}
            />
            <TextInput
              label="Last name"
              autoComplete="family-name"
              required
              key={form.key('lastName')}
              {...form.getInputProps('lastName')}
            />
          </Group>
          <EmailField form={form} />
          <PasswordInput
            label="Password"
            description={PASSWORD_HINT}
            autoComplete="new-password"
            required
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <TextInput
            label="Business name"
            placeholder="Optional"
            key={form.key('businessName')}
            {...form.getInputProps('businessName')}
          />
          <Button type="submit" loading={submitting} fullWidth>
            Create account
          </Button>
        </Stack>
      </form>
      <Divider label="or" labelPosition="center" my="lg" />
      <GoogleSignInButton />
    </CardPage>
  );
}
