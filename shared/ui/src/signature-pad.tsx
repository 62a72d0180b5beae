import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { Box, Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';

/** What the pad gives: a drawing as a PNG data URL, or a typed name. `null` while nothing is drawn or typed. */
export type SignatureValue = { kind: 'drawn'; image: string } | { kind: 'typed'; name: string };

/** A stroke is the points of one pen-down … pen-up, in the pad's logical pixels (PAD_WIDTH × PAD_HEIGHT). */
export type Stroke = { x: number; y: number }[];

/** The drawing's logical size: the exported PNG is this size (or half of it when the PNG would be too big). */
export const PAD_WIDTH = 600;
export const PAD_HEIGHT = 200;
/** The PNG data URL's default ceiling (characters of the whole `data:image/png;base64,…` string). */
export const SIGNATURE_MAX_CHARS = 100_000;
export const TYPED_SIGNATURE_MAX = 100;
/** The visible canvas draws at twice the logical size so the line stays sharp on dense screens. */
const SCREEN_SCALE = 2;
const LINE_WIDTH = 2.5;

/** Draws the strokes on a 2D context whose unit is `scale` device pixels per logical pixel. */
export function drawStrokes(ctx: CanvasRenderingContext2D, strokes: readonly Stroke[], scale: number) {
  ctx.save();
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  ctx.clearRect(0, 0, PAD_WIDTH, PAD_HEIGHT);
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.lineWidth = LINE_WIDTH;
  ctx.strokeStyle = '#111827';
  ctx.fillStyle = '#111827';
  for (const s of strokes) {
    const [first] = s;
    if (!first) continue;
    if (s.length === 1) {
      // A tap is a dot.
      ctx.beginPath();
      ctx.arc(first.x, first.y, LINE_WIDTH / 2, 0, Math.PI * 2);
      ctx.fill();
      continue;
    }
    ctx.beginPath();
    s.forEach((p, i) => (i === 0 ? ctx.moveTo(p.x, p.y) : ctx.lineTo(p.x, p.y)));
    ctx.stroke();
  }
  ctx.restore();
}

/**
 * The strokes as a PNG data URL of PAD_WIDTH × PAD_HEIGHT (transparent background), or of half that when the full
 * size exceeds `maxChars`; null when even the half size is too big (the caller asks for a simpler drawing) or the
 * browser cannot draw.
 */
export function strokesToPng(strokes: readonly Stroke[], maxChars = SIGNATURE_MAX_CHARS): string | null {
  for (const factor of [1, 0.5]) {
    const c = document.createElement('canvas');
    c.width = Math.round(PAD_WIDTH * factor);
    c.height = Math.round(PAD_HEIGHT * factor);
    const ctx = c.getContext('2d');
    if (!ctx) return null;
    drawStrokes(ctx, strokes, factor);
    const url = c.toDataURL('image/png');
    if (!url.startsWith('data:image/png;base64,')) return null;
    if (url.length <= maxChars) return url;
  }
  return null;
}

/** Whether the strokes hold enough ink to be a signature rather than a stray tap (some length of line). */
export function hasInk(strokes: readonly Stroke[]): boolean {
  let length = 0;
  for (const s of strokes)
    s.forEach((p, i) => {
      const prev = s[i - 1];
      if (prev) length += Math.hypot(p.x - prev.x, p.y - prev.y);
    });
  return length >= 20;
}

interface SignaturePadProps {
  /** Called with the new value after each stroke, each keystroke of the typed name, and on Clear (null). */
  onChange: (value: SignatureValue | null) => void;
  /** The name offered when switching to Type (the signer's name); the signer may change it. */
  defaultName?: string;
  /** A message under the pad (for example the server's refusal). */
  error?: string;
  disabled?: boolean;
  maxChars?: number;
}

const TOO_BIG = 'This drawing is too detailed to store. Clear it and sign again, or type your name instead.';
const TOO_SHORT = 'Draw your signature with a longer line.';

/**
 * A signature: drawn with a mouse, a finger or a pen on a canvas (pointer events, no page scroll while drawing), or
 * typed. Keyboard users switch to Type with the Draw / Type control and type their name; Clear empties the drawing.
 * The drawing is emitted as a PNG data URL within `maxChars` after each stroke.
 */
export function SignaturePad({
  onChange,
  defaultName = '',
  error,
  disabled,
  maxChars = SIGNATURE_MAX_CHARS,
}: SignaturePadProps) {
  const [mode, setMode] = useState<'draw' | 'type'>('draw');
  const [strokes, setStrokes] = useState<Stroke[]>([]);
  const [name, setName] = useState(defaultName);
  const [problem, setProblem] = useState<string | null>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const current = useRef<Stroke | null>(null);

  // Redraw the visible canvas whenever the strokes change (a new stroke, Clear, back from Type).
  useEffect(() => {
    const ctx = canvas.current?.getContext('2d');
    if (ctx) drawStrokes(ctx, strokes, SCREEN_SCALE);
  }, [strokes, mode]);

  const point = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    const x = r.width ? ((e.clientX - r.left) / r.width) * PAD_WIDTH : e.clientX;
    const y = r.height ? ((e.clientY - r.top) / r.height) * PAD_HEIGHT : e.clientY;
    return { x: Math.max(0, Math.min(PAD_WIDTH, x)), y: Math.max(0, Math.min(PAD_HEIGHT, y)) };
  };

  const emitDrawing = (next: Stroke[]) => {
    if (!hasInk(next)) {
      setProblem(next.length ? TOO_SHORT : null);
      onChange(null);
      return;
    }
    const image = strokesToPng(next, maxChars);
    setProblem(image ? null : TOO_BIG);
    onChange(image ? { kind: 'drawn', image } : null);
  };

  const down = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    if (disabled || (e.pointerType === 'mouse' && e.button !== 0)) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    current.current = [point(e)];
  };
  const move = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    const s = current.current;
    if (!s) return;
    const p = point(e);
    const last = s[s.length - 1];
    if (last && Math.hypot(p.x - last.x, p.y - last.y) < 0.5) return;
    s.push(p);
    const ctx = e.currentTarget.getContext('2d');
    if (ctx) drawStrokes(ctx, [...strokes, s], SCREEN_SCALE);
  };
  const up = () => {
    const s = current.current;
    if (!s) return;
    current.current = null;
    const next = [...strokes, s];
    setStrokes(next);
    emitDrawing(next);
  };

  const clear = () => {
    setStrokes([]);
    setProblem(null);
    onChange(null);
  };

  const switchTo = (m: string) => {
    const next = m === 'type' ? 'type' : 'draw';
    setMode(next);
    setProblem(null);
    if (next === 'type') onChange(name.trim() ? { kind: 'typed', name: name.trim() } : null);
    else emitDrawing(strokes);
  };

  const shown = problem ?? error;
  return (
    <Stack gap="xs">
      <SegmentedControl
        value={mode}
        onChange={switchTo}
        disabled={disabled}
        aria-label="How to sign"
        data={[
          { value: 'draw', label: 'Draw' },
          { value: 'type', label: 'Type' },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      {mode === 'draw' ? (
        <>
          <Box
            style={{
              border: '1px dashed var(--mantine-color-gray-5)',
              borderRadius: 'var(--mantine-radius-sm)',
              background: 'var(--mantine-color-white)',
              maxWidth: PAD_WIDTH,
            }}
          >
            <canvas
              ref={canvas}
              width={PAD_WIDTH * SCREEN_SCALE}
              height={PAD_HEIGHT * SCREEN_SCALE}
              role="img"
              aria-label="Signature drawing area: draw with a mouse, finger or pen, or choose Type to type your name"
              data-testid="signature-canvas"
              data-strokes={strokes.length}
              onPointerDown={down}
              onPointerMove={move}
              onPointerUp={up}
              onPointerCancel={up}
              onPointerLeave={(e) => {
                if (!e.currentTarget.hasPointerCapture?.(e.pointerId)) up();
              }}
              style={{
                display: 'block',
                width: '100%',
                aspectRatio: `${PAD_WIDTH} / ${PAD_HEIGHT}`,
                touchAction: 'none',
                cursor: disabled ? 'not-allowed' : 'crosshair',
              }}
            />
          </Box>
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              Sign above
            </Text>
            <Button variant="subtle" size="xs" onClick={clear} disabled={disabled || strokes.length === 0}>
              Clear
            </Button>
          </Group>
        </>
      ) : (
        <>
          <TextInput
            label="Type your full name"
            value={name}
            maxLength={TYPED_SIGNATURE_MAX}
            disabled={disabled}
            onChange={(e) => {
              const v = e.currentTarget.value;
              setName(v);
              onChange(v.trim() ? { kind: 'typed', name: v.trim() } : null);
            }}
          />
          <Box
            aria-hidden
            style={{
              minHeight: 64,
              borderBottom: '1px solid var(--mantine-color-gray-5)',
              fontFamily: '"Brush Script MT", "Segoe Script", "Lucida Handwriting", cursive',
              fontSize: 36,
              lineHeight: '64px',
              overflow: 'hidden',
              whiteSpace: 'nowrap',
            }}
          >
            {name.trim()}
          </Box>
        </>
      )}
      {shown && (
        <Text size="sm" c="red" role="alert">
          {shown}
        </Text>
      )}
    </Stack>
  );
}
