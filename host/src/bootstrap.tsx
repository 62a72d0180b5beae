import { createRoot } from 'react-dom/client';
import { App, startFirstScreen } from './app';
import { captureEarlyErrors } from './reporting/early-errors';
import { registerServiceWorker } from './offline/register-sw';

// Errors from the very first moment are kept until the error reporting (if configured) is up.
const early = captureEarlyErrors();

startFirstScreen();
createRoot(document.getElementById('root')!).render(<App />);

// The reporting's SDK is not part of the first paint: it loads when the page is idle, and only with a DSN.
const startReporting = () => void import('./reporting/start').then((m) => m.startFromManifest(early));
if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(startReporting, { timeout: 3_000 });
else setTimeout(startReporting, 1_000);

// The offline shell (/sw.js): production builds only, once the page has loaded.
registerServiceWorker();
