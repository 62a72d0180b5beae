import {
  type KeyboardEvent as ReactKeyboardEvent,
  type MouseEvent as ReactMouseEvent,
  type PointerEvent as ReactPointerEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { ActionIcon, Group, Modal, type ModalRootProps, Tooltip } from '@mantine/core';
import { IconArrowsMove, IconLock, IconLockOpen, IconRestore } from '@tabler/icons-react';
import { STORAGE_KEYS } from '@atrium/contracts/constants';

/** What is remembered of a modal (spec §2 "Draggable modals"): its offset from the centre and whether it is locked. */
export interface ModalPlacement {
  x: number;
  y: number;
  locked: boolean;
}

const HOME: ModalPlacement = { x: 0, y: 0, locked: false };

/** Every modal's placement lives in one local-storage entry (spec: "a modal-positions key"), keyed by modal id. */
export const MODAL_POSITIONS_KEY = STORAGE_KEYS.modalPositions;

function readAll(): Record<string, unknown> {
  try {
    const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(MODAL_POSITIONS_KEY);
    const v: unknown = raw ? JSON.parse(raw) : null;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The saved placement of a modal id, or the centre, unlocked (a broken or missing entry reads as that). */
export function readModalPlacement(modalId: string): ModalPlacement {
  const v = readAll()[modalId] as Partial<ModalPlacement> | undefined;
  if (!v || typeof v !== 'object') return HOME;
  const num = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) ? Math.round(n) : 0);
  return { x: num(v.x), y: num(v.y), locked: v.locked === true };
}

export function saveModalPlacement(modalId: string, placement: ModalPlacement): void {
  try {
    const all = readAll();
    // The centre, unlocked, is the default: nothing to keep for it.
    if (!placement.x && !placement.y && !placement.locked) delete all[modalId];
    else all[modalId] = { x: placement.x, y: placement.y, locked: placement.locked };
    if (Object.keys(all).length) localStorage.setItem(MODAL_POSITIONS_KEY, JSON.stringify(all));
    else localStorage.removeItem(MODAL_POSITIONS_KEY);
  } catch {
    // Storage full or blocked (private mode): the modal still drags, it just is not remembered.
  }
}

/** Keeps at least this much of the header on screen, so a modal can never be dragged out of reach. */
const KEEP_VISIBLE = 80;
/** One arrow key press on the move handle moves the modal this far; with Shift, STEP_LARGE. */
const STEP = 10;
const STEP_LARGE = 50;

type Rect = { left: number; top: number; width: number };

function clampOffset(start: { x: number; y: number }, rect: Rect, dx: number, dy: number) {
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

function measure(el: HTMLElement | null): Rect {
  const r = el?.getBoundingClientRect();
  return r ? { left: r.left, top: r.top, width: r.width } : { left: 0, top: 0, width: 0 };
}

const KEY_MOVES: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

export interface DraggableModalProps extends Omit<ModalRootProps, 'title' | 'children'> {
  /** The modal's id: its position and lock are saved under it in localStorage. */
  modalId: string;
  title: ReactNode;
  children: ReactNode;
}

/**
 * A Mantine modal whose header drags it (spec §2 "Draggable modals: position is saved locally per modal id, with
 * a locked flag"). The move handle in the header does the same from the keyboard (arrow keys, Shift for bigger
 * steps, Home back to the centre); a double-click on the header or 'Reset position' centres it again. The lock
 * button pins it. The offset and the lock survive a reload (one `modalPositions` entry, keyed by modal id); a
 * window made smaller pulls the modal back so its header stays within reach. Buttons in the header (lock, reset,
 * close) never start a drag.
 */
export function DraggableModal({ modalId, title, children, ...rootProps }: DraggableModalProps) {
  const [placement, setPlacement] = useState<ModalPlacement>(() => readModalPlacement(modalId));
  const [dragging, setDragging] = useState(false);
  const contentRef = useRef<HTMLDivElement | null>(null);
  const drag = useRef<{
    pointerX: number;
    pointerY: number;
    start: { x: number; y: number };
    rect: Rect;
    last: { x: number; y: number };
  } | null>(null);
  const opened = rootProps.opened;

  // Another modal with the same id (or another tab) may have moved it since this one mounted: read it on opening.
  useEffect(() => {
    if (opened) setPlacement(readModalPlacement(modalId));
  }, [opened, modalId]);

  const update = useCallback(
    (next: ModalPlacement) => {
      setPlacement(next);
      saveModalPlacement(modalId, next);
    },
    [modalId],
  );

  // A smaller window (or a position saved on a bigger screen) must not leave the header out of reach. The pulled-in
  // offset is shown, not saved: the window growing back does not lose the place the user chose.
  useEffect(() => {
    if (!opened || typeof window === 'undefined') return;
    const fit = () =>
      setPlacement((p) => {
        const next = clampOffset(p, measure(contentRef.current), 0, 0);
        return next.x === p.x && next.y === p.y ? p : { ...p, ...next };
      });
    const frame = window.requestAnimationFrame(fit);
    window.addEventListener('resize', fit);
    return () => {
      window.cancelAnimationFrame(frame);
      window.removeEventListener('resize', fit);
    };
  }, [opened]);

  const onPointerDown = (e: ReactPointerEvent<HTMLElement>) => {
    if (placement.locked || e.button !== 0) return;
    const target = e.target as HTMLElement;
    if (!target.closest('[data-drag-handle]') && target.closest('button, a, input, textarea, select')) return;
    drag.current = {
      pointerX: e.clientX,
      pointerY: e.clientY,
      start: { x: placement.x, y: placement.y },
      rect: measure(contentRef.current),
      last: { x: placement.x, y: placement.y },
    };
    setDragging(true);
    e.currentTarget.setPointerCapture?.(e.pointerId);
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

  const reset = () => {
    if (!placement.locked && (placement.x || placement.y)) update({ ...placement, x: 0, y: 0 });
  };

  const onDoubleClick = (e: ReactMouseEvent<HTMLElement>) => {
    if ((e.target as HTMLElement).closest('button:not([data-drag-handle]), a, input, textarea, select')) return;
    reset();
  };

  const onHandleKeyDown = (e: ReactKeyboardEvent<HTMLElement>) => {
    if (e.key === 'Home') {
      e.preventDefault();
      reset();
      return;
    }
    const dir = KEY_MOVES[e.key];
    if (!dir || placement.locked) return;
    e.preventDefault();
    const step = e.shiftKey ? STEP_LARGE : STEP;
    const next = clampOffset(placement, measure(contentRef.current), dir[0] * step, dir[1] * step);
    if (next.x !== placement.x || next.y !== placement.y) update({ ...placement, ...next });
  };

  const toggleLock = () => update({ ...placement, locked: !placement.locked });
  const lockLabel = placement.locked ? 'Unlock position' : 'Lock position';
  const moved = placement.x !== 0 || placement.y !== 0;

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
          onDoubleClick={onDoubleClick}
          style={{
            cursor: placement.locked ? undefined : dragging ? 'grabbing' : 'grab',
            userSelect: dragging ? 'none' : undefined,
            touchAction: placement.locked ? undefined : 'none',
          }}
        >
          <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
            {!placement.locked && (
              <Tooltip label="Move (arrow keys)" withinPortal>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  data-drag-handle
                  aria-label="Move dialog"
                  aria-keyshortcuts="ArrowLeft ArrowRight ArrowUp ArrowDown Shift+ArrowLeft Home"
                  onKeyDown={onHandleKeyDown}
                  style={{ cursor: 'inherit' }}
                >
                  <IconArrowsMove size={16} />
                </ActionIcon>
              </Tooltip>
            )}
            <Modal.Title>{title}</Modal.Title>
          </Group>
          <Group gap={4} wrap="nowrap">
            {moved && !placement.locked && (
              <Tooltip label="Reset position" withinPortal>
                <ActionIcon variant="subtle" color="gray" aria-label="Reset position" onClick={reset}>
                  <IconRestore size={16} />
                </ActionIcon>
              </Tooltip>
            )}
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
