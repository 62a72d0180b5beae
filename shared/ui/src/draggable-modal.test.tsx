import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { DraggableModal, modalPlacementKey, readModalPlacement } from './draggable-modal';
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
    expect(JSON.parse(localStorage.getItem(modalPlacementKey('task'))!)).toEqual({ x: 60, y: 30, locked: false });
    expect(localStorage.getItem(modalPlacementKey('project'))).toBeNull();
  });

  it('reopens where it was left (per modal id)', () => {
    localStorage.setItem(modalPlacementKey('project'), JSON.stringify({ x: -40, y: 25, locked: false }));
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
    localStorage.setItem(modalPlacementKey('task'), JSON.stringify({ x: 5, y: 6, locked: true }));
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
    localStorage.setItem(modalPlacementKey('task'), '{not json');
    expect(readModalPlacement('task')).toEqual({ x: 0, y: 0, locked: false });
  });
});
