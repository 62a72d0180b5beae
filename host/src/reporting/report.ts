import type { BusEvents } from '@atrium/event-bus';

/**
 * How each kind of failure is reported (spec §8 "Reporting"): 5xx as high severity, 429 as a rate-limit warning;
 * uncaught errors and unhandled rejections as errors. Pure, so the rules are tested without the SDK.
 */
export interface ReportOf {
  message: string;
  level: 'error' | 'warning';
  tags: Record<string, string>;
}

export function reportOfApiFailure(f: BusEvents['api:failure']): ReportOf | null {
  const where = `${f.method} /${f.path.replace(/^\//, '')}`;
  if (f.status === 429) {
    return {
      message: `Rate limited: ${where} answered 429 (${f.message})`,
      level: 'warning',
      tags: { kind: 'rate-limit', status: '429', code: f.code },
    };
  }
  if (f.status >= 500) {
    return {
      message: `API error: ${where} answered ${f.status} (${f.code}: ${f.message})`,
      level: 'error',
      tags: { kind: 'api', severity: 'high', status: String(f.status), code: f.code },
    };
  }
  return null;
}
