import { clearSession, getSession, markSignedIn, onSessionChange, sessionView } from './session';
import type { User } from '@atrium/contracts';

const ann = { id: 'u1', email: 'ann@x.test', firstName: 'Ann', businessId: 'b1' } as User;

describe('session, read-only outside the api-client', () => {
  afterEach(() => clearSession());

  it('gives a read-only copy that cannot be assigned to, and follows sign-in and sign-out', () => {
    markSignedIn(ann);
    const now = getSession();
    expect(now.status).toBe('authenticated');
    expect(now.user?.firstName).toBe('Ann');
    expect(() => {
      (now as { status: string }).status = 'anonymous';
    }).toThrow(TypeError);
    expect(() => {
      (now.user as { firstName: string }).firstName = 'Eve';
    }).toThrow(TypeError);
    expect(getSession().user?.firstName).toBe('Ann');
    clearSession();
    expect(getSession()).toEqual({ status: 'anonymous', user: null });
    expect(sessionView.status).toBe('anonymous');
  });

  it('tells listeners about every change with a read-only copy, until they unsubscribe', async () => {
    const seen: string[] = [];
    const stop = onSessionChange((s) => {
      let assignable = true;
      try {
        (s as { status: string }).status = 'x';
      } catch {
        assignable = false;
      }
      seen.push(`${s.status}:${s.user?.id ?? '-'}:${assignable ? 'writable' : 'read-only'}`);
    });
    markSignedIn(ann);
    await Promise.resolve();
    clearSession();
    await Promise.resolve();
    stop();
    markSignedIn(ann);
    await Promise.resolve();
    expect(seen).toEqual(['authenticated:u1:read-only', 'anonymous:-:read-only']);
  });

  it('types the view read-only: assignments do not compile', () => {
    const attempt = () => {
      // @ts-expect-error the view is read-only
      sessionView.status = 'anonymous';
    };
    expect(typeof attempt).toBe('function');
  });
});
