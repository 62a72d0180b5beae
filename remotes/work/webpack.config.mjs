import { createConfig } from '@atrium/build/webpack';

export default createConfig({
  dir: import.meta.dirname,
  name: 'work',
  port: 3002,
  title: 'Atrium · work',
  exposes: { './module': './src/module.ts' },
});
