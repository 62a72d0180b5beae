import { type PointerEvent as ReactPointerEvent, type ReactNode, useCallback, useRef, useState } from 'react';
import { ActionIcon, Group, Modal, type ModalRootProps, Tooltip } from '@mantine/core';
import { IconLock, IconLockOpen } from '@tabler/icons-react';

/** What is remembered of a modal (spec §2 "Draggable modals"): its offset from the centre and whether it is locked. */
export interface ModalPlacement {
  x: number;
  y: number;
  locked: boolean;
}

const STORAGE_PREFIX = 'atrium:modal:';
const HOME: ModalPlacement = { x: 0, y: 0, locked: false };

export const modalPlacementKey = (modalId: string) => `${STORAGE_PREFIX}${modalId}`;

/** The saved placement of a modal id, or the centre, unlocked (a broken or missing entry reads as that). */
export function readModalPlacement(modalId: string): ModalPlacement {
  try {
    const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(modalPlacementKey(modalId));
    if (!raw) return HOME;
    const v = JSON.parse(raw) as Partial<ModalPlacement>;
    const num = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) ? Math.round(n) : 0);
    return { x: num(v.x), y: num(v.y), locked: v.locked === true };
  } catch {
    return HOME;
  }
}

export function saveModalPlacement(modalId: string, placement: ModalPlacement): void {
  try {
    localStorage.setItem(modalPlacementKey(modalId), JSON.stringify(placement));
  } catch {
    // Storage full or blocked (private mode): the modal still drags, it just is not remembered.
  }
}

/** Keeps at least this much of the header on screen, so a modal can never be dragged out of reach. */
const KEEP_VISIBLE = 80;

function clampOffset(
  start: { x: number; y: number },
  rect: { left: number; top: number; width: number },
  dx: number,
  dy: number,
) {
  const w = typeof window === 'undefined' ? 0 : window.innerWidth;
  const h = typeof window === 'undefined' ? 0 : window.innerHeight;
  // Without a layout (no size measured) there is nothing to keep on screen.
  if (!rect.width || !w || !h) return { x: Math.round(start.x + dx), y: Math.round(start.y + dy) };
  // The right edge stays at least KEEP_VISIBLE px inside the left side, the left edge inside the right side,
  // the header below the top and above the bottom.
  const minDx = KEEP_VISIBLE - rect.left - rect.width;
  const maxDx = w - KEEP_VISIBLE - rect.left;
  const minDy = -rect.top;
  const maxDy = h - KEEP_VISIBLE / 2 - rect.top;
  return {
    x: Math.round(start.x + Math.min(Math.max(dx, minDx), maxDx)),
    y: Math.round(start.y + Math.min(Math.max(dy, minDy), maxDy)),
  };
}

export interface DraggableModalProps extends Omit<ModalRootProps, 'title' | 'children'> {
  /** The modal's id: its position and lock are saved under it in localStorage. */
  modalId: string;
  title: ReactNode;
  children: ReactNode;
}

/**
 * A Mantine modal whose header drags it (spec §2 "Draggable modals: position is saved locally per modal id, with
 * a locked flag"). The lock button in the header stops dragging; both the offset and the lock survive a reload.
 * Buttons in the header (lock, close) never start a drag.
 */
export function DraggableModal({ modalId, title, children, ...rootProps }: DraggableModalProps) {
  const [placement, setPlacement] = useState<ModalPlacement>(() => readModalPlacement(modalId));
  const [dragging, setDragging] = useState(false);
  const contentRef = useRef<HTMLDivElement | null>(null);
  const drag = useRef<{
    pointerX: number;
    pointerY: number;
    start: { x: number; y: number };
    rect: { left: number; top: number; width: number };
    last: { x: number; y: number };
  } | null>(null);

  const update = useCallback(
    (next: ModalPlacement) => {
      setPlacement(next);
      saveModalPlacement(modalId, next);
    },
    [modalId],
  );

  const onPointerDown = (e: ReactPointerEvent<HTMLElement>) => {
    if (placement.locked || e.button !== 0) return;
    if ((e.target as HTMLElement).closest('button, a, input, textarea, select')) return;
    const r = contentRef.current?.getBoundingClientRect();
    const rect = r ? { left: r.left, top: r.top, width: r.width } : { left: 0, top: 0, width: 0 };
    drag.current = {
      pointerX: e.clientX,
      pointerY: e.clientY,
      start: { x: placement.x, y: placement.y },
      rect,
      last: { x: placement.x, y: placement.y },
    };
    setDragging(true);
    const el = e.currentTarget;
    el.setPointerCapture?.(e.pointerId);
    e.preventDefault();
  };

  const onPointerMove = (e: ReactPointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (!d) return;
    const next = clampOffset(d.start, d.rect, e.clientX - d.pointerX, e.clientY - d.pointerY);
    d.last = next;
    // Move the element directly while dragging: no React render per pointer move.
    if (contentRef.current) contentRef.current.style.transform = `translate(${next.x}px, ${next.y}px)`;
  };

  const onPointerUp = (e: ReactPointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (!d) return;
    drag.current = null;
    setDragging(false);
    e.currentTarget.releasePointerCapture?.(e.pointerId);
    if (d.last.x !== placement.x || d.last.y !== placement.y) update({ ...placement, ...d.last });
  };

  const toggleLock = () => update({ ...placement, locked: !placement.locked });
  const lockLabel = placement.locked ? 'Unlock position' : 'Lock position';

  return (
    // 'fade' rather than Mantine's default 'pop': a transform transition would override the saved offset while
    // the modal opens (it popped in at the centre, then jumped).
    <Modal.Root centered transitionProps={{ transition: 'fade' }} {...rootProps}>
      <Modal.Overlay />
      <Modal.Content
        // A ref that stays the same between renders: Mantine's focus trap sits on this ref, and a new callback on
        // every render (an inline arrow) re-attached it — each re-render of the modal (a list loading, a keystroke
        // in a controlled form) moved the focus back to the [data-autofocus] field, mid-typing in another one.
        ref={contentRef}
        data-modal-id={modalId}
        // Through the styles API: Mantine hands a Content's `style` to its full-screen inner wrapper as well, which
        // moved the modal twice as far.
        styles={{ content: { transform: `translate(${placement.x}px, ${placement.y}px)` } }}
      >
        <Modal.Header
          data-testid="draggable-modal-header"
          data-locked={placement.locked || undefined}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          style={{
            cursor: placement.locked ? undefined : dragging ? 'grabbing' : 'grab',
            userSelect: dragging ? 'none' : undefined,
            touchAction: placement.locked ? undefined : 'none',
          }}
        >
          <Modal.Title>{title}</Modal.Title>
          <Group gap={4} wrap="nowrap">
            <Tooltip label={lockLabel} withinPortal>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={lockLabel}
                aria-pressed={placement.locked}
                onClick={toggleLock}
              >
                {placement.locked ? <IconLock size={16} /> : <IconLockOpen size={16} />}
              </ActionIcon>
            </Tooltip>
            <Modal.CloseButton aria-label="Close" />
          </Group>
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
