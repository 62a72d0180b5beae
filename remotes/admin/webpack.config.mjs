import { createConfig } from '@atrium/build/webpack';

export default createConfig({
  dir: import.meta.dirname,
  name: 'admin',
  port: 3006,
  title: 'Atrium · admin',
  exposes: { './module': './src/module.ts' },
});
