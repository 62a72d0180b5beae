import { useEffect, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { contactDisplayName } from '@atrium/contracts';
import { Alert, Badge, Box, Button, Checkbox, Group, Loader, Text, UnstyledButton } from '@atrium/ui';
import type { Contact } from '@atrium/domain-crm';

const ROW = 48;
const COLUMNS = '36px minmax(160px,2fr) minmax(200px,2fr) minmax(120px,1fr) minmax(120px,1fr) 100px';

interface VirtualContactsListProps {
  rows: Contact[];
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  /** Loading the next rows failed: no more automatic tries (they would repeat forever); the user retries. */
  loadError?: string | null;
  onOpen: (contact: Contact) => void;
  selected: Set<string>;
  onSelect: (ids: string[], on: boolean) => void;
  height?: number;
}

/** Only the rows in view are in the DOM, so thousands of loaded contacts scroll smoothly. */
export function VirtualContactsList({
  rows,
  total,
  hasMore,
  loadingMore,
  onLoadMore,
  loadError = null,
  onOpen,
  selected,
  onSelect,
  height = 560,
}: VirtualContactsListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW,
    overscan: 12,
    initialRect: { width: 1000, height },
  });
  const items = virtualizer.getVirtualItems();
  const last = items.at(-1)?.index ?? 0;

  useEffect(() => {
    if (hasMore && !loadingMore && !loadError && last >= rows.length - 20) onLoadMore();
  }, [last, rows.length, hasMore, loadingMore, loadError, onLoadMore]);

  return (
    <Box role="table" aria-label="Contacts" aria-rowcount={total}>
      <Box
        role="row"
        style={{
          display: 'grid',
          gridTemplateColumns: COLUMNS,
          gap: 8,
          padding: '8px 10px',
          fontWeight: 700,
          fontSize: 14,
        }}
      >
        <span role="columnheader" aria-label="Selected" />
        <span role="columnheader">Name</span>
        <span role="columnheader">Email</span>
        <span role="columnheader">Phone</span>
        <span role="columnheader">Business</span>
        <span role="columnheader">Status</span>
      </Box>
      <div ref={scrollRef} style={{ height, overflowY: 'auto', position: 'relative' }} data-testid="virtual-scroll">
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const c = rows[item.index]!;
            return (
              <Box
                key={c._id}
                role="row"
                aria-rowindex={item.index + 1}
                style={{
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  right: 0,
                  height: ROW,
                  transform: `translateY(${item.start}px)`,
                  display: 'grid',
                  gridTemplateColumns: COLUMNS,
                  gap: 8,
                  alignItems: 'center',
                  padding: '0 10px',
                  borderTop: '1px solid var(--mantine-color-default-border)',
                  background: selected.has(c._id) ? 'var(--mantine-primary-color-light)' : undefined,
                }}
              >
                <span role="cell">
                  <Checkbox
                    aria-label={`Select ${contactDisplayName(c)}`}
                    checked={selected.has(c._id)}
                    onChange={(e) => onSelect([c._id], e.currentTarget.checked)}
                  />
                </span>
                <span role="cell">
                  <UnstyledButton onClick={() => onOpen(c)} aria-label={`Edit ${contactDisplayName(c)}`}>
                    <Text size="sm" fw={500} truncate>
                      {contactDisplayName(c)}
                    </Text>
                  </UnstyledButton>
                </span>
                <Text role="cell" size="sm" truncate>
                  {c.email}
                </Text>
                <Text role="cell" size="sm" truncate>
                  {c.phone ?? '—'}
                </Text>
                <Text role="cell" size="sm" truncate>
                  {c.business ?? '—'}
                </Text>
                <span role="cell">
                  <Badge color={c.status === 'Active' ? 'atrium' : 'gray'} variant="light" tt="none">
                    {c.status}
                  </Badge>
                </span>
              </Box>
            );
          })}
        </div>
      </div>
      <Group justify="space-between" px="xs" pt="xs">
        <Text size="sm" c="dimmed" data-testid="scroll-range">
          {rows.length} of {total} contacts loaded
        </Text>
        {loadingMore && <Loader size="xs" aria-label="Loading more contacts" />}
      </Group>
      {loadError && (
        <Alert color="red" role="alert" mt="xs" title="More contacts could not be loaded">
          <Group justify="space-between">
            <Text size="sm">{loadError}</Text>
            <Button size="xs" onClick={onLoadMore}>
              Try again
            </Button>
          </Group>
        </Alert>
      )}
    </Box>
  );
}
