import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { isApiError } from '@atrium/api-client';
import { Alert, Container, Group, Paper, PageSkeleton, Stack, Text, Title } from '@atrium/ui';
import { identity, userKeys } from '@atrium/domain-identity';
import { UserAvatar } from './profile/user-avatar';

export const USER_NOT_FOUND = 'User not found';

const memberSince = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d.toLocaleDateString(undefined, { year: 'numeric', month: 'long' });
};

/** /user/{userId}: the public profile (GET /users/{id}) — name, picture, industry, place, member since. */
export function UserProfilePage() {
  const { userId = '' } = useParams();
  const profile = useQuery({
    queryKey: userKeys.publicProfile(userId),
    queryFn: () => identity.publicProfile(userId),
    retry: (n, e) => !(isApiError(e) && e.status < 500) && n < 1,
  });

  if (profile.isPending) return <PageSkeleton />;
  if (profile.isError) {
    const notFound = isApiError(profile.error) && profile.error.status === 404;
    return (
      <Container size="sm" px={0}>
        <Alert
          color={notFound ? 'gray' : 'red'}
          variant="light"
          role="alert"
          title={notFound ? USER_NOT_FOUND : undefined}
        >
          {notFound ? 'This profile does not exist or is no longer available.' : profile.error.message}
        </Alert>
      </Container>
    );
  }

  const p = profile.data;
  const place = [p.city, p.country].filter(Boolean).join(', ');
  const since = memberSince(p.createdAt);
  return (
    <Container size="sm" px={0}>
      <Paper withBorder radius="lg" p="xl">
        <Group gap="xl" wrap="nowrap" align="center">
          <UserAvatar user={p} size={96} />
          <Stack gap={4}>
            <Title order={1} fz={26}>
              {p.firstName} {p.lastName}
            </Title>
            {p.industry && <Text>{p.industry}</Text>}
            {place && <Text c="dimmed">{place}</Text>}
            {since && (
              <Text size="sm" c="dimmed">
                Member since {since}
              </Text>
            )}
          </Stack>
        </Group>
      </Paper>
    </Container>
  );
}
