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
  Link,
  useDebouncedValue,
  useNavigate,
  useSearchParams,
} from '@atrium/ui';
import { COMMUNITY_PAGE_SIZE } from '@atrium/domain-market';
import { useCommunityList } from '../features/communities/use-communities';
import { CommunityCard } from '../features/communities/community-card';
import { CommunityFormModal } from '../features/communities/community-form-modal';
import { ListingBrowser } from '../features/marketplace/listing-browser';

/** The Marketplace tab's links: sell, one's purchases and sales, review moderation. */
function MarketplaceActions() {
  return (
    <Group gap="xs">
      <Button component={Link} to="/marketplace/create" leftSection={<IconPlus size={16} />}>
        New listing
      </Button>
      <Button component={Link} to="/dashboard/purchases" variant="default">
        My purchases
      </Button>
      <Button component={Link} to="/dashboard/sales" variant="default">
        My sales
      </Button>
      <Button component={Link} to="/marketplace/reviews" variant="subtle">
        Review moderation
      </Button>
    </Group>
  );
}

/**
 * /communities: discover every community or see one's own; search by name; create one. The Marketplace tab
 * (`?tab=marketplace`) browses the listings of the communities one may see (/marketplace redirects here).
 */
export default function CommunitiesPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab');
  const marketplace = tab === 'marketplace';
  const scope = tab === 'mine' ? 'mine' : 'discover';
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const list = useCommunityList(
    { scope, search: debounced || undefined, page, limit: COMMUNITY_PAGE_SIZE },
    !marketplace,
  );

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} fz={26}>
          Communities
        </Title>
        {marketplace ? (
          <MarketplaceActions />
        ) : (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            New community
          </Button>
        )}
      </Group>
      <Tabs
        value={marketplace ? 'marketplace' : scope}
        onChange={(v) => {
          setPage(1);
          setParams(v === 'mine' || v === 'marketplace' ? { tab: v } : {});
        }}
      >
        <Tabs.List>
          <Tabs.Tab value="discover">Discover</Tabs.Tab>
          <Tabs.Tab value="mine">My communities</Tabs.Tab>
          <Tabs.Tab value="marketplace">Marketplace</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {marketplace ? (
        <ListingBrowser />
      ) : (
        <>
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
