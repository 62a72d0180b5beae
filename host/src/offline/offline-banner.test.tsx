import { act, render, screen } from '@testing-library/react';
import { UiProvider } from '@atrium/ui/core';
import { SW_NETWORK_FAILED } from '../sw/routing';
import { PROBE_INTERVAL_MS, connectivity } from './connectivity';
import { OFFLINE_TITLE, OfflineBanner } from './offline-banner';

function setOnLine(value: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => value });
}

function renderBanner(probe: () => Promise<boolean>) {
  return render(
    <UiProvider>
      <OfflineBanner probe={probe} />
    </UiProvider>,
  );
}

/** Lets the probe's promise and React's update settle. */
async function flush() {
  await act(async () => {
    await Promise.resolve();
    await Promise.resolve();
  });
}

describe('offline banner', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    setOnLine(true);
    connectivity.offline = false;
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('says nothing while online', () => {
    renderBanner(jest.fn(async () => true));
    expect(screen.queryByText(OFFLINE_TITLE)).not.toBeInTheDocument();
  });

  it('shows "You\'re offline" when the browser goes offline and goes by itself once the server answers again', async () => {
    let serverUp = false;
    const probe = jest.fn(async () => serverUp);
    renderBanner(probe);

    setOnLine(false);
    await act(async () => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByRole('status')).toHaveTextContent(OFFLINE_TITLE);

    // The browser says it is online, but the server is not reachable yet: the banner stays, and it keeps asking.
    setOnLine(true);
    await act(async () => void window.dispatchEvent(new Event('online')));
    await act(async () => void jest.advanceTimersByTime(0));
    await flush();
    expect(probe).toHaveBeenCalledTimes(1);
    expect(screen.getByText(OFFLINE_TITLE)).toBeInTheDocument();

    serverUp = true;
    await act(async () => void jest.advanceTimersByTime(PROBE_INTERVAL_MS));
    await flush();
    expect(probe).toHaveBeenCalledTimes(2);
    expect(screen.queryByText(OFFLINE_TITLE)).not.toBeInTheDocument();
  });

  it('starts offline when the page loads without a network, without asking the server', async () => {
    setOnLine(false);
    const probe = jest.fn(async () => true);
    renderBanner(probe);
    await flush();
    expect(screen.getByText(OFFLINE_TITLE)).toBeInTheDocument();
    expect(probe).not.toHaveBeenCalled();
  });

  it('shows when the service worker answered from its cache because a fetch failed', async () => {
    const listeners: ((e: MessageEvent) => void)[] = [];
    Object.defineProperty(window.navigator, 'serviceWorker', {
      configurable: true,
      value: {
        addEventListener: (_type: string, l: (e: MessageEvent) => void) => listeners.push(l),
        removeEventListener: jest.fn(),
      },
    });
    try {
      let serverUp = false;
      renderBanner(jest.fn(async () => serverUp));
      await act(async () => listeners.forEach((l) => l(new MessageEvent('message', { data: { type: 'other' } }))));
      expect(screen.queryByText(OFFLINE_TITLE)).not.toBeInTheDocument();
      await act(async () => listeners.forEach((l) => l(new MessageEvent('message', { data: SW_NETWORK_FAILED }))));
      expect(screen.getByText(OFFLINE_TITLE)).toBeInTheDocument();
      serverUp = true;
      await act(async () => void jest.advanceTimersByTime(PROBE_INTERVAL_MS));
      await flush();
      expect(screen.queryByText(OFFLINE_TITLE)).not.toBeInTheDocument();
    } finally {
      delete (window.navigator as { serviceWorker?: unknown }).serviceWorker;
    }
  });
});
