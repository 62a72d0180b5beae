import { createConfig } from '@atrium/build/webpack';
import { withServiceWorker } from '@atrium/build/service-worker';

// The host, and in production its service worker /sw.js (src/sw/sw.ts), built after it.
export default withServiceWorker(
  createConfig({ dir: import.meta.dirname, name: 'host', port: 3000, title: 'Atrium' }),
  {
    dir: import.meta.dirname,
  },
);
