import { useEffect, useState } from 'react';
import { CLOCK_TICK_MS } from '@atrium/contracts';
import { Text } from '@atrium/ui';

const fmt = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** Header date and time, refreshed every minute. */
export function Clock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), CLOCK_TICK_MS);
    return () => clearInterval(id);
  }, []);
  return (
    <Text size="sm" c="dimmed" visibleFrom="md" data-testid="header-clock">
      {fmt.format(now)}
    </Text>
  );
}
