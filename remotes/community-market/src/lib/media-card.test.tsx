import { screen } from '@testing-library/react';
import { Badge, Text } from '@atrium/ui';
import { renderRoutes } from '../test-utils';
import { CardImage, MediaCard } from './media-card';

describe('MediaCard', () => {
  it('shows the image, the title as its link, the aside and its own lines', () => {
    const { container } = renderRoutes('/', {
      '/': (
        <MediaCard
          imageUrl="/img.png"
          imageHeight={96}
          title="Growth Hackers"
          to="/communities/c1"
          aside={<Badge>Approval only</Badge>}
        >
          <Text>2 members</Text>
        </MediaCard>
      ),
    });
    expect(screen.getByRole('link', { name: 'Growth Hackers' })).toHaveAttribute('href', '/communities/c1');
    expect(screen.getByText('Approval only')).toBeInTheDocument();
    expect(screen.getByText('2 members')).toBeInTheDocument();
    expect(container.querySelector('img')).toHaveAttribute('src', '/img.png');
    expect(container.querySelector('img')).toHaveStyle({ height: '96px' });
  });

  it('draws a plain band, hidden from assistive technology, when there is no image', () => {
    const { container } = renderRoutes('/', { '/': <CardImage url={null} height={160} /> });
    expect(container.querySelector('img')).toBeNull();
    const band = container.querySelector('div[aria-hidden]');
    expect(band).toHaveStyle({ height: '160px' });
  });
});
