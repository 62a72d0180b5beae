import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { DraggableModal, MODAL_POSITIONS_KEY, readModalPlacement } from './draggable-modal';
import { UiProvider } from './providers';

function renderModal(modalId = 'task', onClose = jest.fn()) {
  return render(
    <UiProvider env="test">
      <DraggableModal modalId={modalId} opened onClose={onClose} title="New task">
        <p>Body</p>
      </DraggableModal>
    </UiProvider>,
  );
}

const saved = () => JSON.parse(localStorage.getItem(MODAL_POSITIONS_KEY) ?? 'null') as Record<string, unknown> | null;
const seed = (all: Record<string, unknown>) => localStorage.setItem(MODAL_POSITIONS_KEY, JSON.stringify(all));

const content = () => document.querySelector('[data-modal-id]') as HTMLElement;
const header = () => screen.getByTestId('draggable-modal-header');

function dragHeader(from: [number, number], to: [number, number]) {
  fireEvent.pointerDown(header(), { button: 0, clientX: from[0], clientY: from[1], pointerId: 1 });
  fireEvent.pointerMove(header(), { clientX: to[0], clientY: to[1], pointerId: 1 });
  fireEvent.pointerUp(header(), { clientX: to[0], clientY: to[1], pointerId: 1 });
}

// jsdom has no PointerEvent: a MouseEvent with a pointerId stands in (clientX/Y and button are what is read).
class PointerEventStub extends MouseEvent {
  pointerId: number;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerId = init.pointerId ?? 1;
  }
}
beforeAll(() => {
  Object.assign(window, { PointerEvent: window.PointerEvent ?? PointerEventStub });
});

describe('DraggableModal', () => {
  beforeEach(() => {
    localStorage.clear();
    Object.assign(window, { innerWidth: 1200, innerHeight: 800 });
  });

  it('opens centred with its title and body when nothing is saved', () => {
    renderModal();
    expect(screen.getByText('New task')).toBeInTheDocument();
    expect(screen.getByText('Body')).toBeInTheDocument();
    expect(content().style.transform).toBe('translate(0px, 0px)');
  });

  it('drags by its header and saves the position under its modal id', () => {
    renderModal('task');
    dragHeader([100, 100], [160, 130]);
    expect(content().style.transform).toBe('translate(60px, 30px)');
    // Only the modal moves: its full-screen wrapper stays put (it moved too, and the modal went twice as far).
    expect(content().parentElement!.style.transform).toBe('');
    // One local-storage entry for every modal (spec: "a modal-positions key"), keyed by modal id.
    expect(MODAL_POSITIONS_KEY).toBe('modalPositions');
    expect(saved()).toEqual({ task: { x: 60, y: 30, locked: false } });
    expect(Object.keys(localStorage)).toEqual(['modalPositions']);
  });

  it('reopens where it was left (per modal id)', () => {
    seed({ task: { x: 300, y: 300, locked: true }, project: { x: -40, y: 25, locked: false } });
    renderModal('project');
    expect(content().style.transform).toBe('translate(-40px, 25px)');
  });

  it('the lock button stops dragging, and the lock is saved', () => {
    renderModal('task');
    fireEvent.click(screen.getByRole('button', { name: 'Lock position' }));
    expect(readModalPlacement('task').locked).toBe(true);
    dragHeader([100, 100], [300, 300]);
    expect(content().style.transform).toBe('translate(0px, 0px)');
    expect(readModalPlacement('task')).toEqual({ x: 0, y: 0, locked: true });
    fireEvent.click(screen.getByRole('button', { name: 'Unlock position' }));
    dragHeader([100, 100], [110, 120]);
    expect(readModalPlacement('task')).toEqual({ x: 10, y: 20, locked: false });
  });

  it('a saved lock survives a reopen', () => {
    seed({ task: { x: 5, y: 6, locked: true } });
    renderModal('task');
    expect(screen.getByRole('button', { name: 'Unlock position' })).toHaveAttribute('aria-pressed', 'true');
    dragHeader([0, 0], [50, 50]);
    expect(content().style.transform).toBe('translate(5px, 6px)');
  });

  it('never drags further than keeps the header on screen', () => {
    const rect = jest
      .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
      .mockReturnValue({ left: 400, top: 100, width: 400, height: 300, right: 800, bottom: 400 } as DOMRect);
    renderModal('task');
    dragHeader([500, 120], [5000, -5000]);
    // top may rise 100 px (to the viewport's top); left may move to 1200 - 80 - 400 = 720 px further.
    expect(readModalPlacement('task')).toEqual({ x: 720, y: -100, locked: false });
    dragHeader([500, 120], [-5000, 5000]);
    // from (720, -100): the right edge stops 80 px from the left (dx = 80 - 400 - 400), the top 40 px from the bottom.
    expect(readModalPlacement('task')).toEqual({ x: 0, y: 560, locked: false });
    rect.mockRestore();
  });

  it('a press on the close button does not start a drag, and closes', () => {
    const onClose = jest.fn();
    renderModal('task', onClose);
    const close = screen.getByRole('button', { name: 'Close' });
    fireEvent.pointerDown(close, { button: 0, clientX: 0, clientY: 0, pointerId: 1 });
    fireEvent.pointerMove(header(), { clientX: 80, clientY: 80, pointerId: 1 });
    fireEvent.click(close);
    expect(content().style.transform).toBe('translate(0px, 0px)');
    expect(onClose).toHaveBeenCalled();
  });

  it('a re-render keeps the focus where the user put it (the autofocus runs once, on opening)', async () => {
    const modal = (note: string) => (
      <UiProvider env="test">
        <DraggableModal modalId="task" opened onClose={jest.fn()} title="New task">
          <input aria-label="Title" data-autofocus />
          <input aria-label="Type" />
          <p>{note}</p>
        </DraggableModal>
      </UiProvider>
    );
    const { rerender } = render(modal('loading'));
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveFocus());
    act(() => screen.getByLabelText('Type').focus());
    // The modal's content changes (a list arrives): the focus trap used to re-attach and focus Title again.
    rerender(modal('loaded'));
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.getByLabelText('Type')).toHaveFocus();
  });

  it('reads a broken saved entry as the centre', () => {
    localStorage.setItem(MODAL_POSITIONS_KEY, '{not json');
    expect(readModalPlacement('task')).toEqual({ x: 0, y: 0, locked: false });
    seed({ task: 'left' });
    expect(readModalPlacement('task')).toEqual({ x: 0, y: 0, locked: false });
  });

  it('moves from the keyboard: arrow keys on the move handle, Shift for bigger steps, Home back to the centre', () => {
    renderModal('task');
    const handle = screen.getByRole('button', { name: 'Move dialog' });
    handle.focus();
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    fireEvent.keyDown(handle, { key: 'ArrowDown', shiftKey: true });
    expect(content().style.transform).toBe('translate(10px, 50px)');
    expect(readModalPlacement('task')).toEqual({ x: 10, y: 50, locked: false });
    fireEvent.keyDown(handle, { key: 'ArrowLeft' });
    fireEvent.keyDown(handle, { key: 'ArrowUp' });
    expect(readModalPlacement('task')).toEqual({ x: 0, y: 40, locked: false });
    expect(handle).toHaveFocus();
    fireEvent.keyDown(handle, { key: 'Home' });
    expect(content().style.transform).toBe('translate(0px, 0px)');
    // Back at the centre, unlocked: nothing left to remember.
    expect(saved()).toBeNull();
  });

  it('a locked modal has no move handle and ignores the keyboard too', () => {
    seed({ task: { x: 5, y: 6, locked: true } });
    renderModal('task');
    expect(screen.queryByRole('button', { name: 'Move dialog' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reset position' })).toBeNull();
    fireEvent.doubleClick(header());
    expect(readModalPlacement('task')).toEqual({ x: 5, y: 6, locked: true });
  });

  it('a double-click on the header or Reset position puts it back in the centre', () => {
    seed({ task: { x: 70, y: -20, locked: false } });
    renderModal('task');
    expect(content().style.transform).toBe('translate(70px, -20px)');
    fireEvent.doubleClick(screen.getByText('New task'));
    expect(content().style.transform).toBe('translate(0px, 0px)');
    expect(screen.queryByRole('button', { name: 'Reset position' })).toBeNull();
    dragHeader([100, 100], [130, 100]);
    fireEvent.click(screen.getByRole('button', { name: 'Reset position' }));
    expect(readModalPlacement('task')).toEqual({ x: 0, y: 0, locked: false });
  });

  it('the move handle drags with the pointer like the rest of the header', () => {
    renderModal('task');
    const handle = screen.getByRole('button', { name: 'Move dialog' });
    fireEvent.pointerDown(handle, { button: 0, clientX: 10, clientY: 10, pointerId: 1 });
    fireEvent.pointerMove(header(), { clientX: 30, clientY: 40, pointerId: 1 });
    fireEvent.pointerUp(header(), { clientX: 30, clientY: 40, pointerId: 1 });
    expect(readModalPlacement('task')).toEqual({ x: 20, y: 30, locked: false });
  });

  it('a smaller window pulls the modal back within reach, without forgetting the saved place', async () => {
    seed({ task: { x: 700, y: 0, locked: false } });
    // A 400 px wide modal centred at 400 px, drawn at its offset (so saved, its left edge is at 1100 px).
    const rect = jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(() => {
      const x = Number(/translate\((-?\d+)px/.exec(content()?.style.transform ?? '')?.[1] ?? 0);
      return { left: 400 + x, top: 100, width: 400, height: 300, right: 800 + x, bottom: 400 } as DOMRect;
    });
    renderModal('task');
    await act(async () => {
      Object.assign(window, { innerWidth: 800 });
      window.dispatchEvent(new Event('resize'));
    });
    // The left edge may sit at most 80 px from the right side: at 720 px, an offset of 320 px.
    expect(content().style.transform).toBe('translate(320px, 0px)');
    expect(readModalPlacement('task')).toEqual({ x: 700, y: 0, locked: false });
    rect.mockRestore();
  });
});
