import type { RemoteModule } from '@atrium/contracts';

/**
 * The community-market remote. Its pages arrive with their own issues; until then it contributes no routes,
 * no sidebar entries and no '+ New' items (no placeholder pages), but it builds, deploys and loads.
 */
const remoteModule: RemoteModule = { name: 'community_market', routes: [], nav: [], newMenu: [], widgets: [] };

export default remoteModule;
