import { useEffect, useRef, useState } from 'react';
import { dropTargetForElements } from '@atlaskit/pragmatic-drag-and-drop/element/adapter';

/**
 * A board column as a drop target for its end: takes what `canDrop` accepts, answers `data` (e.g. the column's
 * status or stage) to the board's drop handler, and says whether a card is over it. `canDrop` must be stable
 * (a module-level guard); `data` is a few strings, compared by value.
 */
export function useColumnDrop(canDrop: (source: Record<string, unknown>) => boolean, data: Record<string, string>) {
  const ref = useRef<HTMLDivElement>(null);
  const [over, setOver] = useState(false);
  const key = JSON.stringify(data);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const answer = JSON.parse(key) as Record<string, string>;
    return dropTargetForElements({
      element,
      canDrop: ({ source }) => canDrop(source.data),
      getData: () => answer,
      onDragEnter: () => setOver(true),
      onDragLeave: () => setOver(false),
      onDrop: () => setOver(false),
    });
  }, [key, canDrop]);

  return { ref, over };
}
