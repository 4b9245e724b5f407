// Mall orders (the machine pages).
import type { ServerArea } from '../area.ts';
import { machineRoutes } from './routes.ts';

export const mallArea: ServerArea = {
  name: 'mall',
  routes: machineRoutes,
};
