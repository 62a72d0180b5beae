import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { bus } from '@atrium/event-bus';
import { Button, IconPlus, Menu } from '@atrium/ui';
import { remoteContributions, remotesState } from '../federation/remotes';

/** '+ New': every remote's entries (from its metadata, nothing loaded), in their order. Compact: the icon alone (a phone). */
export function NewMenu({ compact = false }: { compact?: boolean }) {
  const snap = useSnapshot(remotesState);
  const navigate = useNavigate();
  const entries = remoteContributions(snap)
    .flatMap((m) => m.newMenu)
    .sort((a, b) => a.order - b.order);
  return (
    <Menu position="bottom-end" width={200}>
      <Menu.Target>
        {compact ? (
          <Button size="sm" px={8} aria-label="New" data-tour="new">
            <IconPlus size={18} />
          </Button>
        ) : (
          <Button size="sm" leftSection={<IconPlus size={16} />} data-tour="new">
            New
          </Button>
        )}
      </Menu.Target>
      <Menu.Dropdown>
        {entries.length === 0 && <Menu.Item disabled>Nothing to create yet</Menu.Item>}
        {entries.map((e) => (
          <Menu.Item
            key={e.key}
            onClick={() =>
              e.action.type === 'navigate' ? navigate(e.action.to) : bus.emit('modal:open', { id: e.action.id })
            }
          >
            {e.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
