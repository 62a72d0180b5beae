import { fireEvent, screen } from '@testing-library/react';
import { renderWithUi } from './test-utils';
import { WidgetError, WidgetSkeleton } from './widget-states';

describe('widget states', () => {
  it('shows three loading lines', () => {
    const { container } = renderWithUi(<WidgetSkeleton />);
    expect(container.querySelectorAll('.mantine-Skeleton-root')).toHaveLength(3);
  });

  it('shows the error, with Try again only when a retry is given', () => {
    const onRetry = jest.fn();
    const { unmount } = renderWithUi(<WidgetError>Tasks could not be loaded.</WidgetError>);
    expect(screen.getByText('Tasks could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    unmount();
    renderWithUi(<WidgetError onRetry={onRetry}>Tasks could not be loaded.</WidgetError>);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
