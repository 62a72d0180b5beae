import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { contactGroups, contacts } from '@atrium/api-client';
import { toast } from '@atrium/event-bus';
import { Button, DeleteConfirmDialog, Group, Paper, Select, Text } from '@atrium/ui';
import { useGroupOptions } from './use-contact-options';

/** Actions on the selected rows: assign to a group, delete (with confirmation). */
export function BulkBar({ ids, onDone }: { ids: string[]; onDone: () => void }) {
  const qc = useQueryClient();
  const groups = useGroupOptions();
  const [groupId, setGroupId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const refresh = () => qc.invalidateQueries({ queryKey: ['contacts'] });

  const assign = async () => {
    if (!groupId) return;
    setBusy(true);
    try {
      const added = await contactGroups.assignContacts(groupId, ids);
      toast.success(`${added} contact(s) added to the group`);
      await refresh();
      await qc.invalidateQueries({ queryKey: ['contact-groups'] });
      onDone();
    } catch (e) {
      toast.error((e as Error).message || 'Failed to assign contacts');
    } finally {
      setBusy(false);
    }
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
    <Paper withBorder p="xs" radius="md" bg="var(--mantine-color-default-hover)">
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          {ids.length} selected
        </Text>
        <Group gap="xs">
          <Select
            aria-label="Group to assign"
            placeholder="Choose a group"
            data={groups.data ?? []}
            value={groupId}
            onChange={setGroupId}
            size="xs"
            w={200}
            nothingFoundMessage="No groups yet"
          />
          <Button size="xs" onClick={() => void assign()} disabled={!groupId} loading={busy}>
            Assign to group
          </Button>
          <Button size="xs" color="red" variant="light" onClick={() => setConfirming(true)} disabled={busy}>
            Delete
          </Button>
          <Button size="xs" variant="subtle" onClick={onDone}>
            Clear selection
          </Button>
        </Group>
      </Group>
      <DeleteConfirmDialog
        opened={confirming}
        title="Delete contacts"
        message={`Are you sure you want to delete ${ids.length} contact(s)? This action cannot be undone.`}
        loading={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void remove()}
      />
    </Paper>
  );
}
