import { Suspense, lazy, useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { useSnapshot } from 'valtio';
import type { ModalOpen, RemoteModalProps } from '@atrium/contracts';
import { bus } from '@atrium/event-bus';
import { ErrorBoundary, handleError, retryImport } from '@atrium/ui';
import { ensureRemote, modalOwner, remotesState } from '../federation/remotes';

// Each modal is typed by its id (ModalPayloads); the host only passes through what the opener sent for that id.
type Load = () => Promise<{ default: ComponentType<RemoteModalProps> }>;
const cache = new WeakMap<Load, ComponentType<RemoteModalProps>>();
function lazyModal(load: Load) {
  let c = cache.get(load);
  if (!c) {
    c = lazy(() => retryImport(load));
    cache.set(load, c);
  }
  return c;
}

/**
 * The element focus returns to when a modal closes: the focused element when it opened — or, for an item of a menu
 * (which goes away with the menu: '+ New' → Contact), the button that opened the menu.
 */
function openerOf(active: Element | null): HTMLElement | null {
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const menu = active.closest<HTMLElement>('[role="menu"]');
  if (menu?.id) return document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(menu.id)}"]`) ?? active;
  return active;
}

/** Mounts the modal a remote offers when any app raises 'modal:open' with its id ('+ New' → Contact…). */
export function ModalHost() {
  const snap = useSnapshot(remotesState);
  const [open, setOpen] = useState<(ModalOpen & { key: number }) | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const sub = bus.on('modal:open').subscribe((m) => {
      opener.current = openerOf(document.activeElement);
      setOpen({ ...m, key: Date.now() });
    });
    return () => sub.unsubscribe();
  }, []);
  // Focus goes back to what opened the modal (WCAG 2.4.3; issue #21 §8).
  const close = () => {
    setOpen(null);
    const back = opener.current;
    opener.current = null;
    window.setTimeout(() => {
      if (back?.isConnected) back.focus();
    }, 0);
  };
  const modal = useMemo(
    () =>
      open
        ? Object.values(snap.modules)
            .flatMap((m) => m.modals ?? [])
            .find((x) => x.id === open.id)
        : undefined,
    [open, snap.modules],
  );
  // The remote offering the modal loads when it is first opened ('+ New' is drawn from metadata alone).
  const openId = open?.id;
  const openKey = open?.key;
  useEffect(() => {
    if (!openId || modal || snap.status !== 'ready') return;
    let live = true;
    const unavailable = () => {
      if (!live) return;
      handleError(new Error('This item cannot be created right now: its app is not available.'));
      setOpen(null);
    };
    const owner = modalOwner(openId);
    if (!owner) unavailable();
    else
      void ensureRemote(owner).then(() => {
        if (!remotesState.modules[owner]?.modals?.some((x) => x.id === openId)) unavailable();
      });
    return () => {
      live = false;
    };
  }, [openId, openKey, modal, snap.status]);
  if (!open || !modal) return null;
  const Modal = lazyModal(modal.load as Load);
  return (
    <ErrorBoundary resetKey={String(open.key)}>
      <Suspense fallback={null}>
        <Modal key={open.key} data={open.data} onClose={close} />
      </Suspense>
    </ErrorBoundary>
  );
}
