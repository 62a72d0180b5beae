import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { MESSAGES } from '@atrium/contracts';
import { IconSearch, Kbd, TextInput, useHotkeys } from '@atrium/ui';

/**
 * Header search: mod+k focuses, Esc clears and leaves. Until grouped global search lands (CRM issue),
 * Enter searches contacts — the one searchable list the product has today.
 */
export function SearchBox() {
  const ref = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const navigate = useNavigate();
  useHotkeys([['mod+k', () => ref.current?.focus()]]);
  return (
    <TextInput
      ref={ref}
      value={value}
      onChange={(e) => setValue(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          setValue('');
          ref.current?.blur();
        }
        if (e.key === 'Enter' && value.trim()) navigate(`/contacts?search=${encodeURIComponent(value.trim())}`);
      }}
      placeholder={MESSAGES.searchPlaceholder}
      aria-label="Search"
      leftSection={<IconSearch size={16} />}
      rightSection={<Kbd size="xs">⌘K</Kbd>}
      rightSectionWidth={48}
      w={{ base: '100%', sm: 360 }}
    />
  );
}
