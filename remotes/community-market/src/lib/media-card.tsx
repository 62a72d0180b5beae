import { Anchor, Card, Group, Link, Stack, Title } from '@atrium/ui';
import type { ReactNode } from 'react';

/** An image (a community's cover, a listing's first image) or, when there is none, a plain band in the theme colour. */
export function CardImage({ url, height }: { url: string | null; height: number }) {
  return url ? (
    <img src={url} alt="" style={{ width: '100%', height, objectFit: 'cover', display: 'block', borderRadius: 8 }} />
  ) : (
    <div
      aria-hidden
      style={{ width: '100%', height, borderRadius: 8, background: 'var(--mantine-primary-color-light)' }}
    />
  );
}

/**
 * The remote's grid card (a community, a listing): its image on top, the title as the link to its page with
 * `aside` beside it (a badge, a price), then the card's own lines.
 */
export function MediaCard(props: {
  imageUrl: string | null;
  imageHeight: number;
  title: string;
  to: string;
  titleLines?: number;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="md">
      <Card.Section>
        <CardImage url={props.imageUrl} height={props.imageHeight} />
      </Card.Section>
      <Stack gap={6} mt="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={3} fz="md" lineClamp={props.titleLines ?? 1}>
            <Anchor component={Link} to={props.to} c="inherit" underline="hover">
              {props.title}
            </Anchor>
          </Title>
          {props.aside}
        </Group>
        {props.children}
      </Stack>
    </Card>
  );
}
