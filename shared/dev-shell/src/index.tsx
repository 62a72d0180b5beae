import { Suspense, lazy, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { api, sessionView } from '@atrium/api-client';
import type { RemoteModule } from '@atrium/contracts';
import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  PageSkeleton,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  UiProvider,
} from '@atrium/ui';

function SignIn() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <Stack maw={360}>
      <Text fw={600}>Sign in to the API to use this remote</Text>
      {error && <Alert color="red">{error}</Alert>}
      <TextInput label="Email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
      <PasswordInput label="Password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
      <Button
        onClick={async () => {
          const r = await api.auth.login({ email, password });
          if (!r.success) setError(r.error);
        }}
      >
        Sign in
      </Button>
    </Stack>
  );
}

function Shell({ module }: { module: RemoteModule }) {
  const { status } = useSnapshot(sessionView);
  useEffect(() => {
    void api.auth.autoLogin();
  }, []);
  return (
    <Container size="xl" py="md">
      <Group mb="md">
        <Text fw={800} c="atrium">
          {module.name} (standalone)
        </Text>
        {module.routes.map((r) => (
          <Anchor key={r.path} component={Link} to={r.path}>
            {r.path}
          </Anchor>
        ))}
      </Group>
      {status === 'anonymous' ? (
        <SignIn />
      ) : status === 'unknown' ? (
        <PageSkeleton />
      ) : (
        <Suspense fallback={<PageSkeleton />}>
          <Routes>
            {module.routes.map((r) => {
              const Page = lazy(r.load);
              return <Route key={r.path} path={r.path} element={<Page />} />;
            })}
            <Route
              path="*"
              element={<Text c="dimmed">Pick a route above. This remote exposes {module.routes.length} route(s).</Text>}
            />
          </Routes>
        </Suspense>
      )}
    </Container>
  );
}

/** Mounts a remote's module alone, against the API proxied by its dev server. */
export function mountDevShell(module: RemoteModule) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });
  createRoot(document.getElementById('root')!).render(
    <UiProvider>
      <QueryClientProvider client={client}>
        <BrowserRouter>
          <Shell module={module} />
        </BrowserRouter>
      </QueryClientProvider>
    </UiProvider>,
  );
}
