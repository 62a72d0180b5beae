import { act, fireEvent, render, screen } from '@testing-library/react';
import { useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { UiProvider } from './providers';

/** A system colour scheme the test can change, as `(prefers-color-scheme: dark)` media queries see it. */
function fakeSystem(dark: boolean) {
  const listeners = new Set<(e: { matches: boolean; media: string }) => void>();
  const original = window.matchMedia;
  window.matchMedia = ((media: string) => {
    const isDark = media.includes('prefers-color-scheme: dark');
    return {
      get matches() {
        return isDark ? dark : false;
      },
      media,
      onchange: null,
      addEventListener: (_: string, l: (e: { matches: boolean; media: string }) => void) => isDark && listeners.add(l),
      removeEventListener: (_: string, l: (e: { matches: boolean; media: string }) => void) => listeners.delete(l),
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    };
  }) as unknown as typeof window.matchMedia;
  return {
    set(next: boolean) {
      dark = next;
      act(() => listeners.forEach((l) => l({ matches: next, media: '(prefers-color-scheme: dark)' })));
    },
    restore: () => (window.matchMedia = original),
  };
}

function Probe() {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  return (
    <>
      <p data-testid="scheme">{scheme}</p>
      <button onClick={() => setColorScheme(scheme === 'dark' ? 'light' : 'dark')}>Toggle</button>
    </>
  );
}

const shown = () => document.documentElement.getAttribute('data-mantine-color-scheme');

function renderApp() {
  return render(
    <UiProvider env="test">
      <Probe />
    </UiProvider>,
  );
}

describe('dark mode (spec: local storage, else the system; follows the system while nothing is saved)', () => {
  let system: ReturnType<typeof fakeSystem>;
  beforeEach(() => localStorage.clear());
  afterEach(() => system.restore());

  it('takes the system preference while nothing is saved, and follows it live', () => {
    system = fakeSystem(true);
    renderApp();
    expect(shown()).toBe('dark');
    expect(screen.getByTestId('scheme')).toHaveTextContent('dark');
    system.set(false);
    expect(shown()).toBe('light');
    expect(screen.getByTestId('scheme')).toHaveTextContent('light');
    system.set(true);
    expect(shown()).toBe('dark');
    expect(localStorage.getItem('darkMode')).toBeNull();
  });

  it('a choice is saved under darkMode and from then on the system no longer moves it', () => {
    system = fakeSystem(false);
    renderApp();
    expect(shown()).toBe('light');
    fireEvent.click(screen.getByRole('button', { name: 'Toggle' }));
    expect(localStorage.getItem('darkMode')).toBe('true');
    expect(shown()).toBe('dark');
    system.set(true);
    system.set(false);
    expect(shown()).toBe('dark');
  });

  it('a saved choice wins over the system on the next load', () => {
    localStorage.setItem('darkMode', 'false');
    system = fakeSystem(true);
    renderApp();
    expect(shown()).toBe('light');
    expect(screen.getByTestId('scheme')).toHaveTextContent('light');
  });
});
