import { createConfig } from '@atrium/build/webpack';

export default createConfig({
  dir: import.meta.dirname,
  name: 'documents_signatures',
  port: 3003,
  title: 'Atrium · documents-signatures',
  exposes: { './module': './src/module.ts' },
});
