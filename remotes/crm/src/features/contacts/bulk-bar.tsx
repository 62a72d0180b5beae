import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@atrium/event-bus';
import { Box, Button, ChipMultiSelect, DeleteConfirmDialog, SelectionBar } from '@atrium/ui';
import { contactGroups, contacts, contactGroupKeys, contactKeys } from '@atrium/domain-crm';
import { useGroupOptions } from '../../hooks/use-contact-options';

/** Actions on the selected rows: assign to groups (one call per group, docs/requirements.md §7), delete (with confirmation). */
export function BulkBar({ ids, onDone }: { ids: string[]; onDone: () => void }) {
  const qc = useQueryClient();
  const groups = useGroupOptions();
  const [groupIds, setGroupIds] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const refresh = () => qc.invalidateQueries({ queryKey: contactKeys.all });

  const assign = async () => {
    if (groupIds.length === 0) return;
    setBusy(true);
    const results = await Promise.allSettled(groupIds.map((id) => contactGroups.assignContacts(id, ids)));
    setBusy(false);
    const added = results.reduce((n, r) => n + (r.status === 'fulfilled' ? r.value : 0), 0);
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    await refresh();
    await qc.invalidateQueries({ queryKey: contactGroupKeys.all });
    if (failed.length === groupIds.length) {
      toast.error((failed[0]!.reason as Error).message || 'Failed to assign contacts');
      return;
    }
    // modifiedCount per group, summed: with several groups a contact added to two counts twice.
    const done =
      groupIds.length === 1
        ? `${added} contact(s) added to the group`
        : `${added} group membership(s) added in ${groupIds.length - failed.length} groups`;
    if (failed.length > 0) toast.warning(`${done}; ${failed.length} group(s) failed.`);
    else toast.success(done);
    onDone();
  };

  const remove = async () => {
    setBusy(true);
    const results = await Promise.allSettled(ids.map((id) => contacts.remove(id)));
    const failed = results.filter((r) => r.status === 'rejected').length;
    setBusy(false);
    setConfirming(false);
    if (failed) toast.warning(`${ids.length - failed} contact(s) deleted, ${failed} failed.`);
    else toast.success(`${ids.length} contact(s) deleted`);
    await refresh();
    onDone();
  };

  return (
    <>
      <SelectionBar count={ids.length} onClear={onDone}>
        <Box w={260}>
          <ChipMultiSelect
            ariaLabel="Groups to assign"
            placeholder="Choose groups"
            size="xs"
            data={groups.data ?? []}
            value={groupIds}
            onChange={setGroupIds}
          />
        </Box>
        <Button size="xs" onClick={() => void assign()} disabled={groupIds.length === 0} loading={busy}>
          Assign to group
        </Button>
        <Button size="xs" color="red" variant="light" onClick={() => setConfirming(true)} disabled={busy}>
          Delete
        </Button>
      </SelectionBar>
      <DeleteConfirmDialog
        opened={confirming}
        title="Delete contacts"
        message={`Are you sure you want to delete ${ids.length} contact(s)? This action cannot be undone.`}
        loading={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void remove()}
      />
    </>
  );
}
