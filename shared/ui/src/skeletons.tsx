import { Card, SimpleGrid, Skeleton, Stack } from '@mantine/core';

/** Home skeleton: 6 cards of 3 rows each (docs/requirements.md §2). */
export function HomeSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="home-skeleton" aria-busy="true">
      {Array.from({ length: 6 }, (_, card) => (
        <Card key={card} withBorder>
          <Stack gap="sm">
            {Array.from({ length: 3 }, (_, row) => (
              <Skeleton key={row} height={14} width={row === 0 ? '60%' : '100%'} />
            ))}
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}

export function PageSkeleton({ rows = 8 }: { rows?: number }) {
  return (
    <Stack gap="sm" data-testid="page-skeleton" aria-busy="true">
      <Skeleton height={28} width="30%" />
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={18} />
      ))}
    </Stack>
  );
}
