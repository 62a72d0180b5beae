import { Box } from '@atrium/ui';

/**
 * The line a board card shows at its top or bottom edge while a dragged card would land there. Drawn inside the
 * card's box: content-visibility clips what lies outside it.
 */
export function DropLine({ side, height }: { side: 'top' | 'bottom'; height: number }) {
  return (
    <Box
      aria-hidden
      pos="absolute"
      left={0}
      right={0}
      h={height}
      bg="var(--mantine-primary-color-filled)"
      style={{ [side]: 0, borderRadius: 2, zIndex: 1 }}
    />
  );
}
