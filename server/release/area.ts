// Dividend release, paid from the funded release pool.
import type { ServerArea } from '../area.ts';
import { RELEASE_TRANSFER_KIND } from './release.ts';
import { releaseAdminRoutes } from './adminRoutes.ts';
import { releaseRoutes } from './routes.ts';

export const releaseArea: ServerArea = {
  name: 'release',
  routes: [...releaseRoutes, ...releaseAdminRoutes],
  transferKinds: [RELEASE_TRANSFER_KIND],
  moneyLogTypes: { release: { kind: RELEASE_TRANSFER_KIND } },
};
