import { createConfig } from '@atrium/build/webpack';

export default createConfig({
  dir: import.meta.dirname,
  name: 'crm',
  port: 3001,
  title: 'Atrium · crm',
  exposes: { './module': './src/module.ts' },
});
