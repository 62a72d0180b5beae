import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Outlet, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
// Subpath imports on the first screen: the contracts singleton (its index) brings zod.
import type { RemoteName } from '@atrium/contracts';
import { publicRemoteFor } from '@atrium/contracts/public-routes';
import { bus } from '@atrium/event-bus';
import { Container, HomeSkeleton, PageSkeleton, UiProvider, retryImport } from '@atrium/ui/core';
import { RequireAuth } from './auth/require-auth';
import { SignInPage } from './auth/sign-in-page';
import { SignUpPage } from './auth/sign-up-page';
import { ensureRemote, loadPublicRemote, remotesState, retryRemote, startRemotes } from './federation/remotes';
import { RemotePage } from './shell/remote-page';
import { RemoteErrorPanel, remoteDownMessage } from './shell/remote-error-panel';
import { OfflineBanner } from './offline/offline-banner';
import { hadSession } from './startup/early';

/**
 * A page fetched when first shown (retried like a remote chunk), so the sign-in page — the first thing most
 * visits load — carries only itself and the sign-up page. `preload()` starts the fetch earlier; a page already
 * fetched renders at once, without a Suspense round (React holds a revealed boundary back up to 300 ms after the
 * last fallback it showed).
 */
function lazyPage<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = <PageSkeleton />,
): ComponentType<P> & { preload(): void } {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const fetchPage = () =>
    (pending ??= retryImport(load).then(
      (page) => (loaded = page),
      (error: unknown) => {
        pending = null;
        throw error;
      },
    ));
  const Page = lazy(async () => ({ default: await fetchPage() }));
  function LazyPage(props: P) {
    // Decided once per mount: switching between the two would remount the page.
    const [Loaded] = useState(() => loaded);
    if (Loaded) return <Loaded {...props} />;
    return (
      <Suspense fallback={fallback}>
        <Page {...props} />
      </Suspense>
    );
  }
  LazyPage.preload = () => void fetchPage().catch(() => undefined);
  return LazyPage;
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
const SettingsProfilePage = lazyPage(() =>
  import('./pages/profile/settings-profile-page').then((m) => m.SettingsProfilePage),
);
const ShellLayout = lazyPage(() => import('./shell/shell-layout').then((m) => m.ShellLayout));
// TanStack Query, the business sync and the search's bus events: around every page but the sign-in ones.
const QueryLayer = lazyPage(() => import('./query-layer').then((m) => m.QueryLayer));

/**
 * A cold load of home by a browser that was signed in: startup/early.ts has already asked for the home page's and
 * the query layer's chunks (and started the session check and the widget remotes); what is in when they first
 * render renders without a Suspense round.
 */
export function startFirstScreen(pathname = window.location.pathname): void {
  if (pathname !== '/' || !hadSession()) return;
  QueryLayer.preload();
  HomePage.preload();
}

/**
 * Cross-app navigation and session expiry arrive on the bus; a sign-in starts loading the remotes at once
 * (while the sign-in page still navigates). The global search's bus events live in the query layer.
 */
export function BusListeners() {
  const navigate = useNavigate();
  useEffect(() => {
    const a = bus
      .on('auth:session-expired')
      .subscribe(({ message }) => navigate('/signin', { replace: true, state: { message } }));
    const b = bus.on('navigate').subscribe(({ to, state, replace }) => navigate(to, { state, replace }));
    const c = bus.on('auth:signed-in').subscribe(() => void startRemotes());
    return () => {
      a.unsubscribe();
      b.unsubscribe();
      c.unsubscribe();
    };
  }, [navigate]);
  return null;
}

/** Remotes are fetched only once a user is in, so /signin stays light. */
function StartRemotes() {
  useEffect(() => {
    void startRemotes();
  }, []);
  return null;
}

/**
 * Which remote serves this path to signed-out visitors, per the manifest: 'checking' until the manifest has been
 * read once (a failed read counts as none), then a remote's name or null.
 */
function usePublicClaim(pathname: string): RemoteName | null | 'checking' {
  const snap = useSnapshot(remotesState);
  const [unreadable, setUnreadable] = useState(false);
  const claim = snap.publicPaths ? publicRemoteFor(pathname, snap.publicPaths) : null;
  const known = snap.publicPaths !== null || unreadable;
  const claimLoaded = claim !== null && snap.modules[claim] !== undefined;
  useEffect(() => {
    if (known && (claim === null || claimLoaded)) return;
    let live = true;
    void loadPublicRemote(pathname).then(() => {
      if (live && remotesState.publicPaths === null) setUnreadable(true);
    });
    return () => {
      live = false;
    };
  }, [pathname, known, claim, claimLoaded]);
  return known ? claim : 'checking';
}

/** A remote that serves this public page could not be loaded: say so, offer a retry (no sign-in redirect). */
function PublicRemoteError({ name }: { name: RemoteName }) {
  return (
    <RemoteErrorPanel
      fullPage
      title="This page could not be loaded"
      message={`The part of Atrium that shows this page is not responding right now (${name}).`}
      onRetry={() => void retryRemote(name)}
    />
  );
}

/**
 * Every path the host's own routes and the loaded remotes' public routes do not serve. If the manifest gives the
 * path to a remote as public, that remote alone loads (its public route then takes the path over, signed in or
 * not); otherwise this is the signed-in area.
 */
function SignedIn() {
  const { pathname } = useLocation();
  const claim = usePublicClaim(pathname);
  const snap = useSnapshot(remotesState);
  if (claim === 'checking') return <PageSkeleton />;
  if (claim && !snap.modules[claim]) {
    return snap.failed[claim] ? <PublicRemoteError name={claim} /> : <PageSkeleton />;
  }
  return (
    <RequireAuth>
      <StartRemotes />
      <Outlet />
    </RequireAuth>
  );
}

/**
 * A signed-in route a remote serves (per its metadata) whose module is not loaded yet: loads that remote alone.
 * Once it is loaded its own routes replace these; if it cannot load, the error panel names it, with a retry.
 */
function RemoteRouteLoader({ name }: { name: RemoteName }) {
  const snap = useSnapshot(remotesState);
  const failed = snap.failed[name];
  useEffect(() => {
    if (!failed) void ensureRemote(name);
  }, [name, failed]);
  if (!failed) return <PageSkeleton />;
  return <RemoteErrorPanel message={remoteDownMessage(name)} onRetry={() => void retryRemote(name)} />;
}

export function AppRoutes() {
  const snap = useSnapshot(remotesState);
  const remoteRoutes = Object.values(snap.modules).flatMap((m) => m.routes.map((r) => ({ ...r, remote: m.name })));
  // Routes of remotes not loaded yet, from their metadata (public ones are claimed through the manifest instead).
  const pendingRoutes = (Object.keys(snap.meta) as RemoteName[])
    .filter((name) => !snap.modules[name])
    .flatMap((name) =>
      (snap.meta[name]?.routes ?? [])
        .filter((path) => !publicRemoteFor(path, [{ name, publicPaths: snap.meta[name]?.publicPaths }]))
        .map((path) => ({ path, remote: name })),
    );
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
      <Route element={<QueryLayer />}>
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
            {remoteRoutes
              .filter((r) => !r.public)
              .map((r) => (
                <Route key={`${r.remote}:${r.path}`} path={r.path} element={<RemotePage load={r.load} />} />
              ))}
            {pendingRoutes.map((r) => (
              <Route
                key={`pending:${r.remote}:${r.path}`}
                path={r.path}
                element={<RemoteRouteLoader name={r.remote} />}
              />
            ))}
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Route>
      </Route>
    </Routes>
  );
}

export function App() {
  return (
    <UiProvider>
      <BrowserRouter>
        <BusListeners />
        <AppRoutes />
      </BrowserRouter>
      <OfflineBanner />
    </UiProvider>
  );
}
