import { Suspense, lazy, type ComponentProps } from 'react';
import { PageSkeleton } from '@atrium/ui';

// The notes panel (with its rich-text editor) is a shared singleton loaded only when notes are on screen.
const Panel = lazy(() => import('@atrium/notes').then((m) => ({ default: m.NotesPanel })));

export function LazyNotesPanel(props: ComponentProps<typeof Panel>) {
  return (
    <Suspense fallback={<PageSkeleton rows={3} />}>
      <Panel {...props} />
    </Suspense>
  );
}
