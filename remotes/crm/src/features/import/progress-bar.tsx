import { Box } from '@atrium/ui';

/** A determinate progress bar (role progressbar with its value for assistive tech and tests). */
export function ProgressBar({ value, label }: { value: number; label: string }) {
  const percent = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <Box
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      h={10}
      bg="var(--mantine-color-default-border)"
      style={{ borderRadius: 'var(--mantine-radius-xl)', overflow: 'hidden' }}
    >
      <Box
        h="100%"
        w={`${percent}%`}
        bg="var(--mantine-primary-color-filled)"
        style={{ transition: 'width 300ms ease' }}
      />
    </Box>
  );
}
