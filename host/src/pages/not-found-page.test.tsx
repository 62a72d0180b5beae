import { screen } from '@testing-library/react';
import { remotesState } from '../federation/remotes';
import { renderAt } from '../test-utils';
import { NotFoundPage } from './not-found-page';

describe('NotFoundPage', () => {
  it('shows the error panel naming the remote that failed to load', async () => {
    Object.assign(remotesState, {
      status: 'ready',
      modules: {},
      failed: { crm: 'ScriptExternalLoadError' },
      manifestError: null,
    });
    renderAt('/contacts', <NotFoundPage />, '*');
    expect(await screen.findByTestId('remote-error-panel')).toHaveTextContent('crm');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it("says 'Page not found' when every remote loaded", async () => {
    Object.assign(remotesState, { status: 'ready', modules: {}, failed: {}, manifestError: null });
    renderAt('/nowhere', <NotFoundPage />, '*');
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
  });
});
