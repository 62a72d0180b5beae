import { Anchor, Badge, Button, Group, Stack, Table, Text, handleError, Link } from '@atrium/ui';
import type { Community, CommunityMember } from '@atrium/domain-market';
import { useCommunityActions, useMembers } from './use-communities';

const ROLE_LABEL = { owner: 'Owner', moderator: 'Moderator', member: 'Member' } as const;

/** Members by role; moderators also see requests (approve / decline) and remove members; the owner names moderators. */
export function MembersTab({ community, canModerate }: { community: Community; canModerate: boolean }) {
  const members = useMembers(community._id, true);
  const actions = useCommunityActions();
  const isOwner = community.myRole === 'owner' && community.myStatus === 'active';
  const run = (p: Promise<unknown>) => p.catch(handleError);
  const row = (m: CommunityMember) => (
    <Table.Tr key={m.userId}>
      <Table.Td>
        <Anchor component={Link} to={`/user/${encodeURIComponent(m.userId)}`}>
          {m.name}
        </Anchor>
      </Table.Td>
      <Table.Td>
        {m.status === 'pending' ? (
          <Badge color="yellow" variant="light">
            Asked to join
          </Badge>
        ) : (
          <Badge variant={m.role === 'member' ? 'outline' : 'light'}>{ROLE_LABEL[m.role]}</Badge>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap="xs" justify="flex-end">
          {canModerate && m.status === 'pending' && (
            <Button
              size="compact-xs"
              onClick={() => run(actions.updateMember(community._id, m.userId, { status: 'active' }))}
            >
              Approve
            </Button>
          )}
          {isOwner && m.status === 'active' && m.role !== 'owner' && (
            <Button
              size="compact-xs"
              variant="default"
              onClick={() =>
                run(
                  actions.updateMember(community._id, m.userId, {
                    role: m.role === 'moderator' ? 'member' : 'moderator',
                  }),
                )
              }
            >
              {m.role === 'moderator' ? 'Make member' : 'Make moderator'}
            </Button>
          )}
          {canModerate && m.role !== 'owner' && (isOwner || m.role === 'member') && (
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              onClick={() => run(actions.removeMember(community._id, m.userId))}
            >
              {m.status === 'pending' ? 'Decline' : 'Remove'}
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
  if (members.isError) return <Text c="red">{members.error.message}</Text>;
  return (
    <Stack>
      <Table verticalSpacing="xs" aria-label="Members">
        <Table.Tbody>{members.data?.map(row)}</Table.Tbody>
      </Table>
    </Stack>
  );
}
