import { toast } from '@atrium/event-bus';
import { Anchor, Link, Paper, Stack, Title, useNavigate } from '@atrium/ui';
import { GroupForm } from '../features/groups/group-form';
import { useGroupMutations } from '../features/groups/use-groups';

/** /groups/create */
export default function GroupCreatePage() {
  const navigate = useNavigate();
  const { create } = useGroupMutations();
  return (
    <Stack gap="md" maw={560}>
      <Anchor component={Link} to="/groups" size="sm">
        ← Groups
      </Anchor>
      <Title order={1} fz={26}>
        Create Group
      </Title>
      <Paper withBorder p="lg" radius="md">
        <GroupForm
          submitLabel="Create Group"
          onCancel={() => navigate('/groups')}
          onSubmit={async (input) => {
            await create.mutateAsync(input);
            toast.success('Group created');
            navigate('/groups');
          }}
        />
      </Paper>
    </Stack>
  );
}
