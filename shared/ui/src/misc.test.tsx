import { screen } from '@testing-library/react';
import { bus, type Toast } from '@atrium/event-bus';
import { darkModeManager } from './theme';
import { handleError } from './handle-error';
import { retryImport } from './retry-import';
import { HomeSkeleton } from './skeletons';
import { renderWithUi } from './test-utils';

describe('dark mode manager', () => {
  beforeEach(() => localStorage.clear());
  it('follows the fallback (system) while nothing is saved, then the saved choice', () => {
    const m = darkModeManager();
    expect(m.get('light')).toBe('light');
    m.set('dark');
    expect(localStorage.getItem('darkMode')).toBe('true');
    expect(m.get('light')).toBe('dark');
    m.set('light');
    expect(m.get('dark')).toBe('light');
    m.set('auto');
    expect(localStorage.getItem('darkMode')).toBeNull();
    expect(m.get('dark')).toBe('dark');
  });
});

describe('handleError', () => {
  function capture(fn: () => void): Toast[] {
    const seen: Toast[] = [];
    const sub = bus.on('toast:show').subscribe((t) => seen.push(t));
    fn();
    sub.unsubscribe();
    return seen;
  }
  it('toasts the message, a custom one, the fallback, or a code mapping', () => {
    const t = capture(() => {
      handleError(new Error('Boom'));
      handleError(new Error('Boom'), { message: 'Custom' });
      handleError({});
      handleError({ code: 'DUPLICATE_COMMUNITY_NAME', message: 'x' });
    });
    expect(t.map((x) => x.message)).toEqual([
      'Boom',
      'Custom',
      'An unexpected error occurred',
      'A community with this name already exists. Please choose a different name.',
    ]);
    expect(t.every((x) => x.type === 'error')).toBe(true);
  });
  it('stays silent when asked and for quiet pass-throughs', () => {
    expect(capture(() => handleError(new Error('a'), { silent: true }))).toHaveLength(0);
    expect(capture(() => handleError({ message: 'b', quiet: true }))).toHaveLength(0);
  });
});

describe('retryImport', () => {
  it('retries 3 times with doubling delay, then fires preload-error and rethrows', async () => {
    const delays: number[] = [];
    const realSetTimeout = globalThis.setTimeout;
    jest.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms: number) => {
      delays.push(ms);
      return realSetTimeout(fn, 0);
    }) as typeof setTimeout);
    const events: unknown[] = [];
    window.addEventListener('atrium:preload-error', (e) => events.push((e as CustomEvent).detail));
    const load = jest.fn().mockRejectedValue(new Error('chunk'));
    await expect(retryImport(load)).rejects.toThrow('chunk');
    expect(load).toHaveBeenCalledTimes(4);
    expect(delays).toEqual([1000, 2000, 4000]);
    expect(events).toHaveLength(1);
    jest.restoreAllMocks();
  });
  it('returns as soon as a try succeeds', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('x')).mockResolvedValue('ok');
    await expect(retryImport(load, 3, 0)).resolves.toBe('ok');
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('HomeSkeleton', () => {
  it('shows 6 cards of 3 rows', () => {
    renderWithUi(<HomeSkeleton />);
    const root = screen.getByTestId('home-skeleton');
    expect(root.children).toHaveLength(6);
    for (const card of Array.from(root.children)) {
      expect(card.querySelectorAll('.mantine-Skeleton-root')).toHaveLength(3);
    }
  });
});
