import type { FastifyRequest } from 'fastify';

/**
 * The server's error reporting (issue #21 §5): its own 5xx and crashes go to a Sentry-compatible endpoint through
 * the official SDK (@sentry/node) when SENTRY_DSN is set; off (null) when not. One client per app instance, not the
 * SDK's global hub, so tests can run several apps side by side; the SDK is loaded only when a DSN is configured.
 * Nothing personal leaves: no cookies, headers, bodies or query strings, only the route, method, status and the
 * request id (which the logs carry too).
 */
export interface ErrorReporter {
  /** A request answered 5xx because of this error. */
  requestFailed(error: unknown, request: FastifyRequest, status: number): void;
  /** An error outside any request (a crash, a job): reported as fatal or error. */
  captureException(error: unknown, level?: 'fatal' | 'error' | 'warning', tags?: Record<string, string>): void;
  /** Sends what is queued, waiting at most timeoutMs (before the process exits). */
  flush(timeoutMs?: number): Promise<boolean>;
}

export interface ErrorReportingOptions {
  dsn: string;
  environment: string;
  release?: string;
}

export async function createErrorReporter(options: ErrorReportingOptions | null): Promise<ErrorReporter | null> {
  if (!options) return null;
  const Sentry = await import('@sentry/node');
  const client = new Sentry.NodeClient({
    dsn: options.dsn,
    environment: options.environment,
    ...(options.release ? { release: options.release } : {}),
    transport: Sentry.makeNodeTransport,
    stackParser: Sentry.defaultStackParser,
    // Only what builds a useful event from an Error; no automatic instrumentation, no tracing, no PII.
    integrations: [Sentry.linkedErrorsIntegration(), Sentry.dedupeIntegration()],
    dataCollection: { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [], urlQueryParams: false },
    serverName: 'atrium-api',
  });
  const base = new Sentry.Scope();
  base.setClient(client);
  client.init();

  const capture = (error: unknown, scope: InstanceType<typeof Sentry.Scope>) => {
    scope.captureException(error instanceof Error ? error : new Error(String(error)));
  };

  return {
    requestFailed(error, request, status) {
      const scope = base.clone();
      const route = request.routeOptions?.url ?? 'unmatched';
      scope.setLevel('error');
      scope.setTags({ severity: 'high', status: String(status), method: request.method, route });
      scope.setContext('request', { method: request.method, route, requestId: String(request.id) });
      capture(error, scope);
    },
    captureException(error, level = 'error', tags = {}) {
      const scope = base.clone();
      scope.setLevel(level);
      scope.setTags(tags);
      capture(error, scope);
    },
    flush: async (timeoutMs = 2_000) => client.flush(timeoutMs),
  };
}
