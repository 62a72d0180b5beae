import { render, screen, waitFor } from '@testing-library/react';
import type { RemoteModule } from '@atrium/contracts';
import { UiProvider } from '@atrium/ui';
import { remotesState } from '../federation/remotes';
import { HeaderWidgets } from './header';

const widget = (text: string) => () => Promise.resolve({ default: () => <span>{text}</span> });
const mod = (name: RemoteModule['name'], headerWidgets?: RemoteModule['headerWidgets']): RemoteModule => ({
  name,
  routes: [],
  nav: [],
  newMenu: [],
  widgets: [],
  ...(headerWidgets ? { headerWidgets } : {}),
});

function Broken(): never {
  throw new Error('weather service down');
}

describe('header widgets from remotes', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('renders every remote’s widgets in order, and leaves out one that fails to render or load', async () => {
    Object.assign(remotesState, {
      status: 'ready',
      failed: {},
      manifestError: null,
      modules: {
        comms: mod('comms', [
          { key: 'bell', order: 20, load: widget('bell') },
          { key: 'weather', order: 10, load: () => Promise.resolve({ default: Broken }) },
        ]),
        crm: mod('crm', [
          { key: 'quick', order: 5, load: widget('quick') },
          { key: 'gone', order: 7, load: () => Promise.reject(new Error('chunk missing')) },
        ]),
        work: mod('work', [{ key: 'timer', order: 30, load: widget('timer') }]),
        admin: mod('admin'),
      },
    });
    const { container } = render(
      <UiProvider env="test">
        <header>
          <HeaderWidgets />
          <span>user menu</span>
        </header>
      </UiProvider>,
    );
    expect(await screen.findByText('timer')).toBeInTheDocument();
    await waitFor(() =>
      expect(Array.from(container.querySelectorAll('[data-header-widget]')).map((e) => e.textContent)).toEqual([
        'quick',
        'bell',
        'timer',
      ]),
    );
    expect(screen.getByText('user menu')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
