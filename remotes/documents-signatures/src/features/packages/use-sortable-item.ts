import { useEffect, useRef, useState } from 'react';
import { combine } from '@atlaskit/pragmatic-drag-and-drop/combine';
import { draggable, dropTargetForElements } from '@atlaskit/pragmatic-drag-and-drop/element/adapter';

const KIND = 'package-item';
const isItem = (data: Record<string, unknown>) => data.kind === KIND && typeof data.index === 'number';

/**
 * One row of the builder's list, dragged (pragmatic-drag-and-drop, as the work remote's kanban) and a drop target:
 * dropping row `from` on this row calls `onMove(from, index)`. The Up/Down buttons do the same from the keyboard.
 */
export function useSortableItem(index: number, onMove: (from: number, to: number) => void, enabled = true) {
  const ref = useRef<HTMLLIElement>(null);
  const [over, setOver] = useState(false);
  const move = useRef(onMove);
  move.current = onMove;

  useEffect(() => {
    const element = ref.current;
    if (!element || !enabled) return;
    return combine(
      draggable({ element, getInitialData: () => ({ kind: KIND, index }) }),
      dropTargetForElements({
        element,
        canDrop: ({ source }) => isItem(source.data) && source.data.index !== index,
        getData: () => ({ kind: KIND, index }),
        onDragEnter: () => setOver(true),
        onDragLeave: () => setOver(false),
        onDrop: ({ source }) => {
          setOver(false);
          move.current(source.data.index as number, index);
        },
      }),
    );
  }, [index, enabled]);

  return { ref, over };
}
