import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Outlet, Route, Routes, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { QUERY_RETRY } from '@atrium/contracts';
import { bus } from '@atrium/event-bus';
import { Container, HomeSkeleton, PageSkeleton, UiProvider, retryImport } from '@atrium/ui';
import { RequireAuth } from './auth/require-auth';
import { SignInPage } from './auth/sign-in-page';
import { SignUpPage } from './auth/sign-up-page';
import { remotesState, startRemotes } from './federation/remotes';
import { BusinessSync } from './shell/businesses';
import { RemotePage } from './shell/remote-page';

/**
 * A page fetched when first shown (retried like a remote chunk), so the sign-in page — the first thing most
 * visits load — carries only itself and the sign-up page.
 */
function lazyPage<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = <PageSkeleton />,
): ComponentType<P> {
  const Page = lazy(async () => ({ default: await retryImport(load) }));
  return function LazyPage(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Page {...props} />
      </Suspense>
    );
  };
}

const VerifyEmailPage = lazyPage(() => import('./auth/verify-email-page').then((m) => m.VerifyEmailPage));
const ForgotPasswordPage = lazyPage(() => import('./auth/forgot-password-page').then((m) => m.ForgotPasswordPage));
const ResetPasswordPage = lazyPage(() => import('./auth/reset-password-page').then((m) => m.ResetPasswordPage));
const GoogleCallbackPage = lazyPage(() => import('./auth/google-callback-page').then((m) => m.GoogleCallbackPage));
const UnlinkGooglePage = lazyPage(() => import('./auth/unlink-google-page').then((m) => m.UnlinkGooglePage));
const AcceptInvitePage = lazyPage(() => import('./pages/accept-invite-page').then((m) => m.AcceptInvitePage));
// Home shows the spec's 6-card skeleton from the first frame, also while its own code loads.
const HomePage = lazyPage(
  () => import('./pages/home-page').then((m) => m.HomePage),
  <Container size="lg" py="xl">
    <HomeSkeleton />
  </Container>,
);
const NotFoundPage = lazyPage(() => import('./pages/not-found-page').then((m) => m.NotFoundPage));
const DocumentExpiredPage = lazyPage(() => import('./pages/public-pages').then((m) => m.DocumentExpiredPage));
const DocumentNotFoundPage = lazyPage(() => import('./pages/public-pages').then((m) => m.DocumentNotFoundPage));
const EsignDisclosurePage = lazyPage(() => import('./pages/public-pages').then((m) => m.EsignDisclosurePage));
const UnavailableFlowPage = lazyPage(() => import('./pages/public-pages').then((m) => m.UnavailableFlowPage));
const SettingsProfilePage = lazyPage(() =>
  import('./pages/profile/settings-profile-page').then((m) => m.SettingsProfilePage),
);
const UserProfilePage = lazyPage(() => import('./pages/user-profile-page').then((m) => m.UserProfilePage));
const ShellLayout = lazyPage(() => import('./shell/shell-layout').then((m) => m.ShellLayout));

/** Public routes of spec section 2 that later issues fill in; they exist now and say so plainly. */
const PENDING_PUBLIC: [string, string][] = [
  ['/invoices/pay', 'Invoice'],
  ['/invoice-payment-success', 'Payment received'],
];

/** Cross-app navigation and session expiry arrive on the bus. */
function BusNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    const a = bus
      .on('auth:session-expired')
      .subscribe(({ message }) => navigate('/signin', { replace: true, state: { message } }));
    const b = bus.on('navigate').subscribe(({ to, state, replace }) => navigate(to, { state, replace }));
    return () => {
      a.unsubscribe();
      b.unsubscribe();
    };
  }, [navigate]);
  return null;
}

/** Signed-in area: remotes are fetched only once a user is in, so /signin stays light. */
function SignedIn() {
  useEffect(() => {
    void startRemotes();
  }, []);
  return (
    <RequireAuth>
      <Outlet />
    </RequireAuth>
  );
}

export function AppRoutes() {
  const snap = useSnapshot(remotesState);
  const remoteRoutes = Object.values(snap.modules).flatMap((m) => m.routes.map((r) => ({ ...r, remote: m.name })));
  return (
    <Routes>
      <Route path="/signin" element={<SignInPage />} />
      <Route path="/signup" element={<SignUpPage />} />
      <Route path="/verify-email" element={<VerifyEmailPage />} />
      <Route path="/forgot-password" element={<ForgotPasswordPage />} />
      <Route path="/reset-password" element={<ResetPasswordPage />} />
      <Route path="/auth/google/callback" element={<GoogleCallbackPage />} />
      <Route path="/unlink-google" element={<UnlinkGooglePage />} />
      <Route path="/accept-invite" element={<AcceptInvitePage />} />
      <Route path="/document-expired" element={<DocumentExpiredPage />} />
      <Route path="/document-not-found" element={<DocumentNotFoundPage />} />
      <Route path="/document-error" element={<DocumentNotFoundPage />} />
      <Route path="/legal/esign-disclosure" element={<EsignDisclosurePage />} />
      {PENDING_PUBLIC.map(([path, title]) => (
        <Route key={path} path={path} element={<UnavailableFlowPage title={title} />} />
      ))}
      {remoteRoutes
        .filter((r) => r.public)
        .map((r) => (
          <Route key={`${r.remote}:${r.path}`} path={r.path} element={<RemotePage load={r.load} />} />
        ))}
      <Route element={<SignedIn />}>
        <Route path="/" element={<HomePage />} />
        <Route path="/profile" element={<Navigate to="/settings/profile" replace />} />
        <Route element={<ShellLayout />}>
          <Route path="/settings/profile/:tab?" element={<SettingsProfilePage />} />
          <Route path="/user/:userId" element={<UserProfilePage />} />
          {remoteRoutes
            .filter((r) => !r.public)
            .map((r) => (
              <Route key={`${r.remote}:${r.path}`} path={r.path} element={<RemotePage load={r.load} />} />
            ))}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Route>
    </Routes>
  );
}

export function App() {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: QUERY_RETRY, refetchOnWindowFocus: false } } }),
  );
  return (
    <UiProvider>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <BusNavigation />
          <BusinessSync />
          <AppRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </UiProvider>
  );
}
