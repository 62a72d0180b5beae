import { createConfig } from '@atrium/build/webpack';

export default createConfig({
  dir: import.meta.dirname,
  name: 'comms',
  port: 3004,
  title: 'Atrium · comms',
  exposes: { './module': './src/module.ts' },
});
