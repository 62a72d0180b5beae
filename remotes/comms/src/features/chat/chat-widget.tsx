import { Suspense, lazy } from 'react';

/* The header widget's entry; the panel (TanStack Query, the slice) is one lazy step away, as the bell's is. */
const Panel = lazy(() => import('./chat-panel').then((m) => ({ default: m.ChatPanel })));

export default function ChatWidget() {
  return (
    <Suspense fallback={null}>
      <Panel />
    </Suspense>
  );
}
