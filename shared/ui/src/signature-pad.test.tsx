import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SignaturePad, hasInk, strokesToPng, type SignatureValue } from './signature-pad';
import { renderWithUi } from './test-utils';

/** jsdom has no canvas: a 2D context that records what is drawn, and a toDataURL answering `png(width)`. */
function fakeCanvas(png: (width: number) => string = (w) => `data:image/png;base64,${'A'.repeat(w)}`) {
  const calls: string[] = [];
  const ctx = new Proxy({} as Record<string, unknown>, {
    get: (target, key: string) =>
      key in target ? target[key] : (...args: unknown[]) => calls.push(`${key}(${args.length})`),
    set: (target, key: string, v) => ((target[key] = v), true),
  });
  const getContext = jest
    .spyOn(HTMLCanvasElement.prototype, 'getContext')
    .mockImplementation(() => ctx as unknown as CanvasRenderingContext2D);
  const toDataURL = jest.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(function (
    this: HTMLCanvasElement,
  ) {
    return png(this.width);
  });
  return { calls, getContext, toDataURL };
}

// jsdom has no PointerEvent: without it Testing Library fires plain Events, without coordinates.
if (!('PointerEvent' in window)) {
  class PointerEventPolyfill extends MouseEvent {
    pointerId: number;
    pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
      this.pointerType = init.pointerType ?? 'mouse';
    }
  }
  Object.assign(window, { PointerEvent: PointerEventPolyfill });
}

afterEach(() => jest.restoreAllMocks());

const line = (n: number) => Array.from({ length: n }, (_, i) => ({ x: 10 + i * 10, y: 50 }));

describe('signature helpers', () => {
  it('a tap or a tiny scribble is no signature; a line is', () => {
    expect(hasInk([])).toBe(false);
    expect(hasInk([[{ x: 1, y: 1 }]])).toBe(false);
    expect(hasInk([line(2)])).toBe(false);
    expect(hasInk([line(4)])).toBe(true);
  });

  it('exports 600×200, halves it when too big, and gives up beyond that', () => {
    fakeCanvas();
    expect(strokesToPng([line(4)], 1000)).toBe(`data:image/png;base64,${'A'.repeat(600)}`);
    expect(strokesToPng([line(4)], 500)).toBe(`data:image/png;base64,${'A'.repeat(300)}`);
    expect(strokesToPng([line(4)], 100)).toBeNull();
  });

  it('refuses what is not a PNG (a browser that cannot draw)', () => {
    fakeCanvas(() => 'data:,');
    expect(strokesToPng([line(4)])).toBeNull();
  });
});

describe('SignaturePad', () => {
  function setup(props: Partial<Parameters<typeof SignaturePad>[0]> = {}) {
    const seen: (SignatureValue | null)[] = [];
    renderWithUi(<SignaturePad onChange={(v) => seen.push(v)} {...props} />);
    return seen;
  }
  function draw(points: { x: number; y: number }[]) {
    const c = screen.getByTestId('signature-canvas');
    const [first, ...rest] = points;
    if (!first) throw new Error('draw needs points');
    fireEvent.pointerDown(c, { clientX: first.x, clientY: first.y, button: 0, pointerId: 1 });
    for (const p of rest) fireEvent.pointerMove(c, { clientX: p.x, clientY: p.y, pointerId: 1 });
    fireEvent.pointerUp(c, { pointerId: 1 });
  }

  it('emits the drawing as a PNG after a stroke and null after Clear', async () => {
    const { toDataURL } = fakeCanvas();
    const seen = setup();
    expect(screen.getByRole('button', { name: 'Clear' })).toBeDisabled();
    draw(line(6));
    expect(toDataURL).toHaveBeenCalledWith('image/png');
    expect(seen.at(-1)).toEqual({ kind: 'drawn', image: expect.stringMatching(/^data:image\/png;base64,/) });
    expect(screen.getByTestId('signature-canvas')).toHaveAttribute('data-strokes', '1');
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(seen.at(-1)).toBeNull();
    expect(screen.getByTestId('signature-canvas')).toHaveAttribute('data-strokes', '0');
  });

  it('says so when the stroke is too short, and when the drawing cannot fit the limit', () => {
    fakeCanvas();
    const seen = setup({ maxChars: 50 });
    draw(line(2));
    expect(screen.getByRole('alert')).toHaveTextContent('Draw your signature with a longer line.');
    expect(seen.at(-1)).toBeNull();
    draw(line(8));
    expect(screen.getByRole('alert')).toHaveTextContent('This drawing is too detailed to store');
    expect(seen.at(-1)).toBeNull();
  });

  it('types a name instead (keyboard only), offering the signer’s name', async () => {
    fakeCanvas();
    const seen = setup({ defaultName: 'Ada Client' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Type' }));
    expect(seen.at(-1)).toEqual({ kind: 'typed', name: 'Ada Client' });
    const input = screen.getByLabelText('Type your full name');
    await user.clear(input);
    expect(seen.at(-1)).toBeNull();
    await user.type(input, '  Ada L. Client ');
    expect(seen.at(-1)).toEqual({ kind: 'typed', name: 'Ada L. Client' });
    expect(input).toHaveAttribute('maxlength', '100');
  });

  it('shows the error it is given and draws nothing when disabled', () => {
    const { toDataURL } = fakeCanvas();
    const seen = setup({ error: 'Signature image must be a PNG', disabled: true });
    expect(screen.getByRole('alert')).toHaveTextContent('Signature image must be a PNG');
    draw(line(6));
    expect(toDataURL).not.toHaveBeenCalled();
    expect(seen).toEqual([]);
  });
});
