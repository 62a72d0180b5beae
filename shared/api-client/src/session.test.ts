import { bus } from '@atrium/event-bus';
import * as pkg from './index';
import {
  adoptSessionUser,
  clearSession,
  getSession,
  markSignedIn,
  onSessionChange,
  sessionBusinessChanged,
  sessionView,
} from './session';
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

  it('the package exports no writable store: only the view, the snapshot and the listener', () => {
    expect(Object.keys(pkg)).not.toContain('session');
    expect(Object.keys(pkg)).not.toContain('clearSession');
    expect(pkg.sessionView).toBe(sessionView);
  });

  it('adopting an answered user replaces the session user and announces a change of current business only', () => {
    const seen: unknown[] = [];
    const sub = bus.on('entity:changed').subscribe((e) => seen.push(e));
    markSignedIn(ann);
    adoptSessionUser({ ...ann, firstName: 'Anna' });
    expect(getSession().user?.firstName).toBe('Anna');
    expect(seen).toEqual([]);
    adoptSessionUser({ ...ann, businessId: 'b2' });
    sub.unsubscribe();
    expect(getSession()).toMatchObject({ status: 'authenticated', user: { businessId: 'b2' } });
    expect(seen).toEqual([{ entity: 'business', id: 'b2' }]);
  });

  it("a renamed business changes the session user's copy only when it is the current business", () => {
    markSignedIn({ ...ann, businessName: 'Acme', businessType: null });
    sessionBusinessChanged({ id: 'b9', name: 'Other', type: 'shop' });
    expect(getSession().user).toMatchObject({ businessName: 'Acme', businessType: null });
    sessionBusinessChanged({ id: 'b1', name: 'Acme 2', type: 'studio' });
    expect(getSession().user).toMatchObject({ businessName: 'Acme 2', businessType: 'studio' });
  });
});
