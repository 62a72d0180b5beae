/** Issue #21 §5 / spec §8 "Reporting": what the browser reports, and nothing lost before the SDK is up. */
import { bus } from '@atrium/event-bus';
import { captureEarlyErrors, type EarlyEntry } from './early-errors';
import { reportOfApiFailure } from './report';

const failure = (status: number, code = 'X') => ({ status, code, message: 'm', method: 'GET', path: 'projects/p1' });

describe('reportOfApiFailure', () => {
  it('5xx: high severity error; 429: rate-limit warning; anything else: not reported', () => {
    expect(reportOfApiFailure(failure(500, 'INTERNAL_ERROR'))).toEqual({
      message: 'API error: GET /projects/p1 answered 500 (INTERNAL_ERROR: m)',
      level: 'error',
      tags: { kind: 'api', severity: 'high', status: '500', code: 'INTERNAL_ERROR' },
    });
    expect(reportOfApiFailure(failure(503))).toMatchObject({ level: 'error', tags: { severity: 'high' } });
    expect(reportOfApiFailure(failure(429, 'RATE_LIMITED'))).toEqual({
      message: 'Rate limited: GET /projects/p1 answered 429 (m)',
      level: 'warning',
      tags: { kind: 'rate-limit', status: '429', code: 'RATE_LIMITED' },
    });
    expect(reportOfApiFailure(failure(404))).toBeNull();
    expect(reportOfApiFailure(failure(400))).toBeNull();
  });
});

describe('captureEarlyErrors', () => {
  function rejection(reason: unknown): Event {
    const e = new Event('unhandledrejection');
    Object.assign(e, { reason });
    return e;
  }

  it('keeps errors, rejections and API failures until drained, then hands over only API failures', () => {
    const target = new EventTarget() as unknown as Window;
    const early = captureEarlyErrors(target);
    const boom = new Error('boom');
    target.dispatchEvent(new ErrorEvent('error', { error: boom, message: 'boom' }));
    target.dispatchEvent(rejection('nope'));
    bus.emit('api:failure', failure(502));
    const got: EarlyEntry[] = [];
    early.drain((e) => got.push(e));
    expect(got).toEqual([
      { kind: 'error', error: boom, message: 'boom' },
      { kind: 'rejection', reason: 'nope' },
      { kind: 'api', failure: failure(502) },
    ]);
    // From now on the SDK listens to the window itself; API failures still arrive through the bus.
    target.dispatchEvent(new ErrorEvent('error', { error: new Error('later'), message: 'later' }));
    bus.emit('api:failure', failure(429));
    expect(got.slice(3)).toEqual([{ kind: 'api', failure: failure(429) }]);
    early.stop();
  });

  it('keeps at most 20 before the SDK is up, and forgets everything when reporting is off', () => {
    const target = new EventTarget() as unknown as Window;
    const early = captureEarlyErrors(target);
    for (let i = 0; i < 30; i++) target.dispatchEvent(rejection(i));
    early.stop();
    bus.emit('api:failure', failure(500));
    const got: EarlyEntry[] = [];
    early.drain((e) => got.push(e));
    expect(got).toEqual([]);

    const again = captureEarlyErrors(target);
    for (let i = 0; i < 30; i++) target.dispatchEvent(rejection(i));
    again.drain((e) => got.push(e));
    expect(got).toHaveLength(20);
    expect(got[19]).toEqual({ kind: 'rejection', reason: 19 });
    again.stop();
  });
});
