import { act, fireEvent, screen } from '@testing-library/react';
import { toast } from '@atrium/event-bus';
import { renderWithUi } from './test-utils';

describe('ToastStack', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows a toast raised on the bus and removes it after 4 seconds', () => {
    renderWithUi(<div />);
    act(() => {
      toast.success('Contact created successfully');
    });
    expect(screen.getByText('Contact created successfully')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(3900));
    expect(screen.getByText('Contact created successfully')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(200));
    expect(screen.queryByText('Contact created successfully')).not.toBeInTheDocument();
  });

  it('stacks several toasts and closes one on demand', () => {
    renderWithUi(<div />);
    act(() => {
      toast.info('First');
      toast.error('Second');
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Second');
    fireEvent.click(screen.getAllByLabelText('Close notification')[0]!);
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByText('Second')).toBeInTheDocument();
  });
});
