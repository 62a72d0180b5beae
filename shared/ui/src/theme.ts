import {
  createTheme,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineColorSchemeManager,
} from '@mantine/core';
import { STORAGE_KEYS } from '@atrium/contracts/constants';

/**
 * The brand's teal-green accent (docs/requirements.md §9). The two darkest shades are deepened so text meets WCAG AA
 * (4.5:1): white on the filled colour (shade 8, 5.0:1), the light variant's text (shade 9) on its tint (6.0:1).
 */
const atrium: MantineColorsTuple = [
  '#e6fcf5',
  '#c3fae8',
  '#96f2d7',
  '#63e6be',
  '#38d9a9',
  '#20c997',
  '#12b886',
  '#0ca678',
  '#087f5b',
  '#066649',
];

/**
 * Mantine's dark greys with shade 2 — dark mode's dimmed text and the grey Mantine's own pieces write in (input
 * descriptions, menu labels) — lightened from #828282 (4.0:1 on the page, 3.5:1 on a card or menu) to #a6a6a6: 6.4:1
 * on the page, 5.6:1 on cards and menus, 4.6:1 on a hovered row, still a step below the text (#c9c9c9).
 */
const dark: MantineColorsTuple = [
  '#c9c9c9',
  '#b8b8b8',
  '#a6a6a6',
  '#696969',
  '#424242',
  '#3b3b3b',
  '#2e2e2e',
  '#242424',
  '#1f1f1f',
  '#141414',
];

export const theme = createTheme({
  primaryColor: 'atrium',
  // Shade 8 in both schemes: white on the filled accent is 5.0:1 (shade 6, dark mode's before, was 2.5:1).
  primaryShade: { light: 8, dark: 8 },
  colors: { atrium, dark },
  defaultRadius: 'md',
  // autoContrast (a user-chosen colour: a group's, a tag's) picks black text above this luminance and white below:
  // 0.179 is where both reach 4.5:1 (Mantine's default 0.3 leaves white on e.g. #0ca678 at 3.1:1).
  luminanceThreshold: 0.179,
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
  // Every drawer's and modal's × has a name for screen readers (issue #21 §8); a page may still give its own.
  components: {
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // The colour input's eye-dropper button is an icon alone.
    ColorInput: { defaultProps: { eyeDropperButtonProps: { 'aria-label': 'Pick a colour from the screen' } } },
    // A menu holds only items: Mantine's initial-focus placeholder (a focusable role="presentation" div) breaks
    // axe's aria-required-children in every open menu. Without it the first item takes the focus on opening, as in
    // the WAI-ARIA menu button pattern.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
  },
});

/**
 * Text colours a light variant (badges, light buttons) and `c="<colour>"` use where Mantine's shade 9 / filled shade
 * is below 4.5:1 on the colour's tint or on white: shade 9 darkened until it passes (≥ 4.7:1 on its shade 1).
 */
const DARK_TEXT: Record<string, string> = {
  teal: '#077252',
  green: '#257535',
  lime: '#4a760a',
  yellow: '#a15300',
  orange: '#b83d0d',
  red: '#bf2828',
};

/** A hex colour a fraction darker (the filled variants' hover). */
function darker(hex: string, by = 0.15): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const c = [16, 8, 0].map((shift) => Math.round(((n >> shift) & 255) * (1 - by)));
  return `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * White text on the filled variants (badges, buttons) of DARK_TEXT's colours is below 4.5:1 at Mantine's filled shade
 * (teal 3.1:1, green 3.4:1): they fill with the DARK_TEXT shade instead (≥ 5.4:1), in both schemes. Mantine defines the
 * filled colours per scheme, so these go in each scheme's block (a :root variable would lose to them).
 */
const FILLED = Object.fromEntries(
  Object.entries(DARK_TEXT).flatMap(([c, hex]) => [
    [`--mantine-color-${c}-filled`, hex],
    [`--mantine-color-${c}-filled-hover`, darker(hex)],
  ]),
);

/**
 * Colours Mantine's defaults leave below WCAG AA contrast (issue #21 §8). On a light page: dimmed text (gray 6,
 * 3.3:1 on white) becomes gray 7 (7.9:1); error text (red 6) becomes red 9 (5.5:1); the light variants' and coloured
 * texts of DARK_TEXT; the FILLED colours. On a dark page: error text (red 8, 3.4:1 on the page) becomes red 4, the
 * shade Mantine already writes `c="red"` in (6.7:1 on the page, 5.9:1 on a card); violet text (shade 4, 4.0:1 on a
 * card) becomes shade 3 (5.6:1); the FILLED colours; dimmed text is the `dark` tuple's shade 2 above. The focus
 * ring (`--atrium-focus-ring`, focus.css) is the filled accent on light pages (5.0:1 on white) and the brighter shade
 * 5 on dark ones (7.3:1 on the page; the filled shade 8 would be 3.1:1, 2.7:1 on a card). Passed to MantineProvider.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    ...Object.fromEntries(
      Object.entries(DARK_TEXT).flatMap(([c, hex]) => [
        [`--mantine-color-${c}-light-color`, hex],
        [`--mantine-color-${c}-text`, hex],
      ]),
    ),
    '--atrium-focus-ring': 'var(--mantine-primary-color-filled)',
    ...FILLED,
  },
  dark: {
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    '--mantine-color-violet-text': 'var(--mantine-color-violet-3)',
    '--atrium-focus-ring': 'var(--mantine-color-atrium-5)',
    ...FILLED,
  },
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
