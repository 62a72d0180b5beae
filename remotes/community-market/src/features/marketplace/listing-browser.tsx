import { useState } from 'react';
import {
  Alert,
  Group,
  Pagination,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  IconSearch,
  useDebouncedValue,
} from '@atrium/ui';
import {
  CATEGORY_LABELS,
  LISTING_CATEGORIES,
  LISTING_CURRENCIES,
  LISTING_PAGE_SIZE,
  priceToMinor,
  type ListingCategory,
  type ListingSearch,
  type MarketCurrency,
  type ListingSort,
} from '@atrium/domain-market';
import { ListingCard } from './listing-card';
import { useListingSearch } from './use-marketplace';

const SORTS: { value: ListingSort; label: string }[] = [
  { value: 'newest', label: 'Newest' },
  { value: 'price_asc', label: 'Price: low to high' },
  { value: 'price_desc', label: 'Price: high to low' },
];

/** A typed price filter → minor units; null when empty or not a price. */
const priceFilter = (text: string) => {
  const minor = text.trim() ? priceToMinor(text) : Number.NaN;
  return Number.isNaN(minor) ? null : minor;
};

/**
 * Marketplace listings with search and filters (text, category, delivery, currency, price range, sort), paginated —
 * the query is the slice's ListingSearch, the server's listingSearchSchema. Every offered currency has two decimals,
 * so the typed range is sent in minor units; with a currency chosen it is a range in that currency, else it compares
 * amounts whatever their currency (docs/requirements.md "Marketplace UI").
 */
export function ListingBrowser() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [category, setCategory] = useState<ListingCategory | null>(null);
  const [delivery, setDelivery] = useState<'all' | 'service' | 'product'>('all');
  const [currency, setCurrency] = useState<MarketCurrency | null>(null);
  const [minText, setMinText] = useState('');
  const [maxText, setMaxText] = useState('');
  const [min] = useDebouncedValue(minText, 400);
  const [max] = useDebouncedValue(maxText, 400);
  const [sort, setSort] = useState<ListingSort>('newest');
  const [page, setPage] = useState(1);
  const minPrice = priceFilter(min);
  const maxPrice = priceFilter(max);
  const query: ListingSearch = {
    q: debounced || undefined,
    category: category ?? undefined,
    delivery: delivery === 'all' ? undefined : delivery,
    currency: currency ?? undefined,
    minPrice: minPrice ?? undefined,
    maxPrice: maxPrice ?? undefined,
    sort,
    page,
    limit: LISTING_PAGE_SIZE,
  };
  const list = useListingSearch(query);
  const reset =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };
  const filtered = Boolean(
    debounced || category || delivery !== 'all' || currency || minPrice !== null || maxPrice !== null,
  );

  return (
    <Stack>
      <Group align="flex-end" gap="sm">
        <TextInput
          aria-label="Search listings"
          placeholder="Search listings"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => reset(setSearch)(e.currentTarget.value)}
          w={260}
        />
        <Select
          aria-label="Category"
          placeholder="All categories"
          data={LISTING_CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] }))}
          value={category}
          onChange={(v) => reset(setCategory)(v as ListingCategory | null)}
          clearable
          w={190}
        />
        <SegmentedControl
          aria-label="Delivery"
          value={delivery}
          onChange={(v) => reset(setDelivery)(v as typeof delivery)}
          data={[
            { value: 'all', label: 'All' },
            { value: 'service', label: 'Services' },
            { value: 'product', label: 'Products' },
          ]}
        />
        <Select
          aria-label="Currency"
          placeholder="All currencies"
          data={[...LISTING_CURRENCIES]}
          value={currency}
          onChange={(v) => reset(setCurrency)(v as MarketCurrency | null)}
          clearable
          w={150}
        />
        <TextInput
          aria-label="Minimum price"
          placeholder="Min price"
          inputMode="decimal"
          value={minText}
          onChange={(e) => reset(setMinText)(e.currentTarget.value)}
          error={min.trim() && minPrice === null ? 'Not a price' : undefined}
          w={110}
        />
        <TextInput
          aria-label="Maximum price"
          placeholder="Max price"
          inputMode="decimal"
          value={maxText}
          onChange={(e) => reset(setMaxText)(e.currentTarget.value)}
          error={max.trim() && maxPrice === null ? 'Not a price' : undefined}
          w={110}
        />
        <Select
          aria-label="Sort"
          data={SORTS}
          value={sort}
          onChange={(v) => v && reset(setSort)(v as ListingSort)}
          allowDeselect={false}
          w={190}
        />
      </Group>
      {list.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {[1, 2, 3].map((i) => (
            <Skeleton key={i} height={240} radius="md" />
          ))}
        </SimpleGrid>
      ) : list.isError ? (
        <Alert color="red" title="Listings could not be loaded">
          {list.error.message}
        </Alert>
      ) : list.data.data.length === 0 ? (
        <Text c="dimmed">{filtered ? 'No results found' : 'No listings yet. Be the first to sell something.'}</Text>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {list.data.data.map((l) => (
              <ListingCard key={l._id} listing={l} />
            ))}
          </SimpleGrid>
          {list.data.pagination.totalPages > 1 && (
            <Pagination value={page} onChange={setPage} total={list.data.pagination.totalPages} />
          )}
        </>
      )}
    </Stack>
  );
}
