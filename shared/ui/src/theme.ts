import { createTheme, type MantineColorsTuple, type MantineColorSchemeManager } from '@mantine/core';
import { STORAGE_KEYS } from '@atrium/contracts/constants';

/** The brand's teal-green accent (docs/requirements.md §9). */
const atrium: MantineColorsTuple = [
  '#e6fcf5',
  '#c3fae8',
  '#96f2d7',
  '#63e6be',
  '#38d9a9',
  '#20c997',
  '#12b886',
  '#0ca678',
  '#099268',
  '#087f5b',
];

export const theme = createTheme({
  primaryColor: 'atrium',
  primaryShade: { light: 7, dark: 6 },
  colors: { atrium },
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
});

/**
 * Dark mode is taken from local storage key `darkMode` ('true' / 'false'), else the system preference;
 * with no saved choice it keeps following the system.
 */
export function darkModeManager(): MantineColorSchemeManager {
  let handler: ((e: StorageEvent) => void) | null = null;
  return {
    get: (fallback) => {
      try {
        const v = window.localStorage.getItem(STORAGE_KEYS.darkMode);
        if (v === 'true') return 'dark';
        if (v === 'false') return 'light';
      } catch {
        /* storage blocked: use the fallback */
      }
      return fallback;
    },
    set: (value) => {
      try {
        if (value === 'auto') window.localStorage.removeItem(STORAGE_KEYS.darkMode);
        else window.localStorage.setItem(STORAGE_KEYS.darkMode, String(value === 'dark'));
      } catch {
        /* ignore */
      }
    },
    subscribe: (onUpdate) => {
      handler = (e) => {
        if (e.key !== STORAGE_KEYS.darkMode) return;
        onUpdate(e.newValue === 'true' ? 'dark' : e.newValue === 'false' ? 'light' : 'auto');
      };
      window.addEventListener('storage', handler);
    },
    unsubscribe: () => {
      if (handler) window.removeEventListener('storage', handler);
    },
    clear: () => window.localStorage.removeItem(STORAGE_KEYS.darkMode),
  };
}
