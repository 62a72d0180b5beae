import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  Pagination,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
  IconPlus,
  IconSearch,
  useDebouncedValue,
  useNavigate,
  useSearchParams,
} from '@atrium/ui';
import { COMMUNITY_PAGE_SIZE } from '@atrium/domain-market';
import { useCommunityList } from '../features/communities/use-communities';
import { CommunityCard } from '../features/communities/community-card';
import { CommunityFormModal } from '../features/communities/community-form-modal';

/** /communities: discover every community or see one's own; search by name; create one. */
export default function CommunitiesPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const scope = params.get('tab') === 'mine' ? 'mine' : 'discover';
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const list = useCommunityList({ scope, search: debounced || undefined, page, limit: COMMUNITY_PAGE_SIZE });

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} fz={26}>
          Communities
        </Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          New community
        </Button>
      </Group>
      <Tabs
        value={scope}
        onChange={(v) => {
          setPage(1);
          setParams(v === 'mine' ? { tab: 'mine' } : {});
        }}
      >
        <Tabs.List>
          <Tabs.Tab value="discover">Discover</Tabs.Tab>
          <Tabs.Tab value="mine">My communities</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <TextInput
        aria-label="Search communities"
        placeholder="Search communities"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
        maw={360}
      />
      {list.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {[1, 2, 3].map((i) => (
            <Skeleton key={i} height={200} radius="md" />
          ))}
        </SimpleGrid>
      ) : list.isError ? (
        <Alert color="red" title="Communities could not be loaded">
          {list.error.message}
        </Alert>
      ) : list.data.data.length === 0 ? (
        <Text c="dimmed">
          {debounced
            ? 'No results found'
            : scope === 'mine'
              ? 'You have not joined any community yet.'
              : 'No communities yet. Start the first one.'}
        </Text>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {list.data.data.map((c) => (
              <CommunityCard key={c._id} community={c} />
            ))}
          </SimpleGrid>
          {list.data.pagination.totalPages > 1 && (
            <Pagination value={page} onChange={setPage} total={list.data.pagination.totalPages} />
          )}
        </>
      )}
      <CommunityFormModal
        opened={creating}
        onClose={() => setCreating(false)}
        onSaved={(c) => navigate(`/communities/${encodeURIComponent(c._id)}`)}
      />
    </Stack>
  );
}
