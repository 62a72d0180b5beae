import { render, screen } from '@testing-library/react';
import { FailureNotice, Notice } from './notice';
import { UiProvider } from './providers';

const wrap = (ui: React.ReactNode) => render(<UiProvider env="test">{ui}</UiProvider>);

describe('Notice', () => {
  it('announces errors as alerts and other news as status', () => {
    wrap(
      <>
        <Notice tone="error">Broken</Notice>
        <Notice tone="success">Saved</Notice>
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Broken');
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
  });

  it('shows a failure with a detail under its headline, and a bare one as the text', () => {
    const { rerender } = wrap(<FailureNotice failure={{ title: 'Password reset failed', detail: 'Link expired' }} />);
    expect(screen.getByRole('alert')).toHaveTextContent(/Password reset failed.*Link expired/);
    rerender(
      <UiProvider env="test">
        <FailureNotice failure={{ title: 'Password reset failed' }} />
      </UiProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(/^Password reset failed$/);
  });
});
