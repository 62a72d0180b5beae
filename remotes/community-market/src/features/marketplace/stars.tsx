import { Group, Text, UnstyledButton } from '@atrium/ui';

const label = (n: number) => (n === 1 ? '1 star' : `${n} stars`);

/** A rating shown as five stars, read out as 'Rated 4 out of 5'. */
export function Stars({ value, size = 'sm' }: { value: number; size?: 'xs' | 'sm' | 'md' | 'lg' }) {
  const full = Math.round(value);
  return (
    <Text component="span" size={size} c="yellow.7" role="img" aria-label={`Rated ${value} out of 5`}>
      {'★'.repeat(full)}
      <Text component="span" inherit c="gray.4">
        {'★'.repeat(5 - full)}
      </Text>
    </Text>
  );
}

/** The average and how many reviews: '★★★★☆ 4.3 (12 reviews)', or 'No reviews yet'. */
export function RatingSummary({ average, count }: { average: number | null; count: number }) {
  if (!count || average === null)
    return (
      <Text size="sm" c="dimmed">
        No reviews yet
      </Text>
    );
  return (
    <Group gap={6} wrap="nowrap">
      <Stars value={average} />
      <Text size="sm" c="dimmed">
        {average.toFixed(1)} ({count === 1 ? '1 review' : `${count} reviews`})
      </Text>
    </Group>
  );
}

/** Choosing 1–5 stars: a radio group of five star buttons, each reachable with Tab and read out as "3 stars". */
export function StarInput({
  value,
  onChange,
  error,
  label: groupLabel = 'Rating',
}: {
  value: number;
  onChange: (value: number) => void;
  error?: string;
  label?: string;
}) {
  return (
    <div>
      <Text size="sm" fw={500} id="star-input-label">
        {groupLabel}
      </Text>
      <Group gap={2} role="radiogroup" aria-labelledby="star-input-label">
        {[1, 2, 3, 4, 5].map((n) => (
          <UnstyledButton
            key={n}
            role="radio"
            aria-checked={value === n}
            aria-label={label(n)}
            onClick={() => onChange(n)}
            fz={28}
            lh={1}
            c={n <= value ? 'yellow.6' : 'gray.4'}
          >
            ★
          </UnstyledButton>
        ))}
      </Group>
      {error && (
        <Text size="xs" c="red" mt={4}>
          {error}
        </Text>
      )}
    </div>
  );
}
