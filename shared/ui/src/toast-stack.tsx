import { useEffect, useState } from 'react';
import { Notification, Stack } from '@mantine/core';
import { bus, type Toast } from '@atrium/event-bus';
import { TOAST_DURATION_MS } from '@atrium/contracts/constants';

const COLORS: Record<Toast['type'], string> = { success: 'atrium', error: 'red', info: 'blue', warning: 'yellow' };

/** The one toast stack of the page, fixed top right; any app raises toasts through the bus. */
export function ToastStack({ duration = TOAST_DURATION_MS }: { duration?: number }) {
  const [toasts, setToasts] = useState<Toast[]>([]);

  useEffect(() => {
    const timers = new Map<string, ReturnType<typeof setTimeout>>();
    const remove = (id: string) => {
      clearTimeout(timers.get(id));
      timers.delete(id);
      setToasts((list) => list.filter((t) => t.id !== id));
    };
    const shown = bus.on('toast:show').subscribe((t) => {
      setToasts((list) => [...list, t]);
      timers.set(
        t.id,
        setTimeout(() => remove(t.id), duration),
      );
    });
    const dismissed = bus.on('toast:dismiss').subscribe(({ id }) => remove(id));
    return () => {
      shown.unsubscribe();
      dismissed.unsubscribe();
      timers.forEach(clearTimeout);
    };
  }, [duration]);

  return (
    <Stack
      gap="xs"
      aria-live="polite"
      data-testid="toast-stack"
      style={{ position: 'fixed', top: 16, right: 16, zIndex: 1000, width: 360, maxWidth: 'calc(100vw - 32px)' }}
    >
      {toasts.map((t) => (
        <Notification
          key={t.id}
          role={t.type === 'error' ? 'alert' : 'status'}
          color={COLORS[t.type]}
          withBorder
          closeButtonProps={{ 'aria-label': 'Close notification' }}
          onClose={() => bus.emit('toast:dismiss', { id: t.id })}
        >
          {t.message}
        </Notification>
      ))}
    </Stack>
  );
}
