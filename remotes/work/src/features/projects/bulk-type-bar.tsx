import { useState } from 'react';
import { toast } from '@atrium/event-bus';
import { isApiError } from '@atrium/api-client';
import { Autocomplete, Box, Button, SelectionBar } from '@atrium/ui';
import { useBulkTypes } from './use-projects';

/** Actions on the selected rows: give them all one project type (PATCH /projects/bulk-update-types). */
export function BulkTypeBar({ ids, types, onDone }: { ids: string[]; types: string[]; onDone: () => void }) {
  const [type, setType] = useState('');
  const bulk = useBulkTypes();
  const chosen = type.trim();

  const apply = async () => {
    if (!chosen) return;
    try {
      const n = await bulk.mutateAsync({ updates: ids.map((id) => ({ id, type: chosen })) });
      toast.success(`${n} project(s) updated to type ${chosen}`);
      setType('');
      onDone();
    } catch (e) {
      toast.error(isApiError(e) ? e.message : 'Failed to update project types. Please try again.');
    }
  };

  return (
    <SelectionBar count={ids.length} onClear={onDone}>
      <Box w={240}>
        <Autocomplete
          aria-label="New project type"
          placeholder="Choose or type a project type"
          size="xs"
          data={types}
          value={type}
          onChange={setType}
          maxLength={100}
        />
      </Box>
      <Button size="xs" onClick={() => void apply()} disabled={!chosen} loading={bulk.isPending}>
        Change type
      </Button>
    </SelectionBar>
  );
}
