// The one module-federation shared map: every app (host and remotes) shares exactly these as singletons.
// A shared module is never tree-shaken (STACK-NOTES item 3), so big libraries are NOT listed: Mantine,
// react-router and rxjs reach the apps only through @atrium/ui and @atrium/event-bus, which are the
// singletons and re-export just what the product uses. Inside one page those libraries still exist once:
// every app uses the host's copy of the shared package that wraps them.
import { fileURLToPath } from 'node:url';

const REACT = '^19.3.1';
const singleton = (requiredVersion, extra = {}) => ({ singleton: true, requiredVersion, ...extra });

export const sharedMap = {
  react: singleton(REACT),
  'react/jsx-runtime': singleton(REACT),
  'react-dom': singleton(REACT),
  'react-dom/client': singleton(REACT),
  valtio: singleton('^2.3.2'),
  '@tanstack/react-query': singleton('^5.108.0'),
  // One zod per page, and only the part the apps use: see shared/contracts/src/zod-browser.ts.
  zod: singleton('^4.6.7', {
    version: '4.6.7',
    import: fileURLToPath(new URL('../contracts/src/zod-browser.ts', import.meta.url)),
  }),
  '@atrium/contracts': singleton('^0.1.0', { version: '0.1.0' }),
  '@atrium/api-client': singleton('^0.1.0', { version: '0.1.0' }),
  '@atrium/event-bus': singleton('^0.1.0', { version: '0.1.0' }),
  '@atrium/ui': singleton('^0.1.0', { version: '0.1.0' }),
  // The UI's first-screen part (provider, sign-in inputs, skeletons): /signin loads it without the overlays.
  '@atrium/ui/core': singleton('^0.1.0', { version: '0.1.0' }),
  // Mantine form: the sign-in pages use a lighter form hook (ui/core's useLightForm), so /signin does not load it.
  '@atrium/ui/form': singleton('^0.1.0', { version: '0.1.0' }),
  // The notes panel (tiptap inside) is its own singleton so it loads only where a page shows notes.
  '@atrium/notes': singleton('^0.1.0', { version: '0.1.0' }),
};
