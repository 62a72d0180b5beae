import { useId, useRef } from 'react';
import { ActionIcon, Box, IconSearch, IconX, useDisclosure } from '@atrium/ui';
import { GlobalSearch } from './global-search';

/**
 * The header's search below the sm breakpoint (spec §2 "Global search box with a mobile search toggle"): a search
 * icon that opens the search field across the header, with its results underneath. Esc, picking a result or 'Close
 * search' folds it away and gives the focus back to the icon.
 */
export function MobileSearch() {
  const [opened, { open, close }] = useDisclosure(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const id = useId();
  const done = () => {
    close();
    // After the field unmounts: the focus goes back to where the user opened it from.
    requestAnimationFrame(() => toggle.current?.focus());
  };
  return (
    <>
      <ActionIcon
        ref={toggle}
        variant="subtle"
        color="gray"
        onClick={open}
        aria-label="Open search"
        aria-expanded={opened}
        aria-controls={opened ? id : undefined}
      >
        <IconSearch size={18} />
      </ActionIcon>
      {opened && (
        <Box
          id={id}
          role="search"
          data-testid="mobile-search"
          px="sm"
          style={{
            position: 'absolute',
            inset: 0,
            zIndex: 2,
            display: 'flex',
            alignItems: 'center',
            gap: 'var(--mantine-spacing-xs)',
            background: 'var(--mantine-color-body)',
          }}
        >
          <Box style={{ flex: 1, minWidth: 0 }}>
            <GlobalSearch autoFocus onDone={done} />
          </Box>
          <ActionIcon variant="subtle" color="gray" onClick={done} aria-label="Close search">
            <IconX size={18} />
          </ActionIcon>
        </Box>
      )}
    </>
  );
}
