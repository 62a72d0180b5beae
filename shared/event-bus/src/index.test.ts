import { bus, toast, type Toast } from './index';

describe('event bus', () => {
  it('delivers an event only to subscribers of its type', () => {
    const seen: string[] = [];
    const a = bus.on('navigate').subscribe((p) => seen.push(`nav:${p.to}`));
    const b = bus.on('modal:open').subscribe((p) => seen.push(`modal:${p.id}`));
    bus.emit('navigate', { to: '/contacts' });
    bus.emit('modal:open', { id: 'contact' });
    a.unsubscribe();
    b.unsubscribe();
    bus.emit('navigate', { to: '/ignored' });
    expect(seen).toEqual(['nav:/contacts', 'modal:contact']);
  });

  it('raises toasts with unique ids and the given type', () => {
    const toasts: Toast[] = [];
    const sub = bus.on('toast:show').subscribe((t) => toasts.push(t));
    const first = toast.success('Saved');
    const second = toast.error('Failed');
    sub.unsubscribe();
    expect(first).not.toEqual(second);
    expect(toasts.map((t) => [t.type, t.message])).toEqual([
      ['success', 'Saved'],
      ['error', 'Failed'],
    ]);
  });

  it('shares one subject through globalThis, so a second copy of the module joins the same bus', () => {
    const seen: string[] = [];
    const sub = bus.on('auth:signed-out').subscribe((p) => seen.push(p.reason ?? ''));
    let copy: typeof import('./index') | undefined;
    jest.isolateModules(() => {
      copy = jest.requireActual<typeof import('./index')>('./index');
    });
    expect(copy).toBeDefined();
    expect(copy!.bus).not.toBe(bus);
    copy!.bus.emit('auth:signed-out', { reason: 'from copy' });
    sub.unsubscribe();
    expect(seen).toEqual(['from copy']);
  });

  it("carries each modal id's own payload on 'modal:open'", () => {
    const seen: unknown[] = [];
    const sub = bus.on('modal:open').subscribe((m) => {
      // The payload's type follows the id: for 'contact', data is { contact?: Contact } | undefined.
      if (m.id === 'contact') seen.push(m.data?.contact?._id ?? 'new');
    });
    bus.openModal('contact');
    bus.openModal('contact', { contact: { _id: 'c1' } as never });
    bus.emit('modal:open', { id: 'contact', data: { contact: { _id: 'c2' } as never } });
    sub.unsubscribe();
    expect(seen).toEqual(['new', 'c1', 'c2']);
  });

  it('refuses, at compile time, unknown modal ids and payloads of the wrong shape', () => {
    const never = () => {
      // @ts-expect-error no app offers a modal with this id
      bus.emit('modal:open', { id: 'no-such-modal' });
      // @ts-expect-error the contact modal takes { contact }, not a bare id
      bus.openModal('contact', { contactId: 'c1' });
    };
    expect(typeof never).toBe('function');
  });
});
