import { useState, type MouseEvent } from 'react';
import { TASK_STATUSES } from '@atrium/contracts';
import { ActionIcon, IconDotsVertical, Menu } from '@atrium/ui';
import { TASK_STATUS_LABELS, type Task } from '@atrium/domain-work';
import type { KeyMove } from './kanban-card';

/**
 * A card's Move menu (for a pointer without dragging, a touch screen or a screen reader). The menu itself is
 * mounted only once opened, so a column of hundreds of cards carries one small button per card.
 */
export function CardMoveMenu({ task, onMove }: { task: Task; onMove: (move: KeyMove) => void }) {
  const [open, setOpen] = useState(false);
  const stop = (e: MouseEvent) => e.stopPropagation();
  const label = `Move ${task.title}`;
  if (!open)
    return (
      <ActionIcon
        size="sm"
        variant="subtle"
        color="gray"
        aria-label={label}
        aria-haspopup="menu"
        onClick={(e) => {
          stop(e);
          setOpen(true);
        }}
      >
        <IconDotsVertical size={14} />
      </ActionIcon>
    );
  const pick = (m: KeyMove) => {
    setOpen(false);
    onMove(m);
  };
  return (
    <Menu opened onChange={setOpen} position="bottom-start" withinPortal trapFocus>
      <Menu.Target>
        <ActionIcon size="sm" variant="subtle" color="gray" aria-label={label} onClick={stop}>
          <IconDotsVertical size={14} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown onClick={stop}>
        <Menu.Label>Move</Menu.Label>
        <Menu.Item onClick={() => pick('top')}>To the top</Menu.Item>
        <Menu.Item onClick={() => pick('up')}>Up one</Menu.Item>
        <Menu.Item onClick={() => pick('down')}>Down one</Menu.Item>
        <Menu.Item onClick={() => pick('bottom')}>To the bottom</Menu.Item>
        <Menu.Divider />
        {TASK_STATUSES.filter((s) => s !== task.status).map((s) => (
          <Menu.Item key={s} onClick={() => pick({ to: s })}>
            To {TASK_STATUS_LABELS[s]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
