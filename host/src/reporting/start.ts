import type { RemotesManifest } from '@atrium/contracts';
import { fetchManifest } from '../federation/remotes';
import type { EarlyCapture, EarlyEntry } from './early-errors';
import { reportOfApiFailure } from './report';

/**
 * Error reporting for the browser (issue #21 §5): when /remotes.json carries a DSN, the official SDK (@sentry/browser,
 * its own chunk, loaded only then) reports uncaught errors and unhandled rejections of the host and every remote
 * (they run in this page), 5xx API answers as high severity and 429 as rate-limit warnings. No DSN: off, and the SDK
 * is never downloaded. No personal data: no cookies, no request bodies, no user; URLs lose their query.
 */
export async function startErrorReporting(
  early: EarlyCapture,
  config: RemotesManifest['errorReporting'] | undefined,
): Promise<boolean> {
  if (!config) {
    early.stop();
    return false;
  }
  const Sentry = await import(/* webpackChunkName: "error-reporting" */ '@sentry/browser');
  Sentry.init({
    dsn: config.dsn,
    environment: config.environment,
    ...(config.release ? { release: config.release } : {}),
    dataCollection: { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [], urlQueryParams: false },
    // Errors only: no performance tracing, no session replay, no breadcrumbs of what the user typed or fetched.
    tracesSampleRate: 0,
    integrations: (defaults) => defaults.filter((i) => i.name !== 'Breadcrumbs'),
    beforeSend(event) {
      if (event.request?.url) event.request.url = event.request.url.split('?')[0];
      delete event.request?.cookies;
      delete event.request?.headers;
      return event;
    },
  });
  const send = (entry: EarlyEntry) => {
    if (entry.kind === 'api') {
      const report = reportOfApiFailure(entry.failure);
      if (report) Sentry.captureMessage(report.message, { level: report.level, tags: report.tags });
    } else if (entry.kind === 'error') {
      Sentry.captureException(entry.error ?? new Error(entry.message), { tags: { kind: 'uncaught' } });
    } else {
      Sentry.captureException(entry.reason, { tags: { kind: 'unhandled-rejection' } });
    }
  };
  early.drain(send);
  return true;
}

/** After the first paint: the manifest (read once, shared with the remotes' loader) says whether to report. */
export async function startFromManifest(early: EarlyCapture): Promise<boolean> {
  try {
    return await startErrorReporting(early, (await fetchManifest()).errorReporting);
  } catch {
    early.stop();
    return false;
  }
}
