import { createConfig } from '@atrium/build/webpack';

export default createConfig({ dir: import.meta.dirname, name: 'host', port: 3000, title: 'Atrium' });
