import { startEarly, startEarlyPages } from './startup/early';

// What a signed-in first screen certainly needs starts now, in parallel with the app's chunks.
startEarly();
// Async boundary: shared singletons are negotiated before any app code runs.
void import('./bootstrap');
startEarlyPages();
