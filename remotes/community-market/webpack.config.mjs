import { createConfig } from '@atrium/build/webpack';

export default createConfig({
  dir: import.meta.dirname,
  name: 'community_market',
  port: 3005,
  title: 'Atrium · community-market',
  exposes: { './module': './src/module.ts' },
});
