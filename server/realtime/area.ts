// The realtime hub: socket tickets, the history events are recovered from, and its pruning.
// The socket itself is served from start-up (socketRoutes.ts, started by main.ts).
import type { ServerArea } from '../area.ts';
import { pruneHistory } from './history.ts';
import { realtimeRoutes } from './routes.ts';

export const realtimeArea: ServerArea = {
  name: 'realtime',
  routes: realtimeRoutes,
  jobs: [
    {
      name: 'realtime_prune',
      intervalMs: () => 60_000,
      run: (context) => pruneHistory(context.db, context.now()),
    },
  ],
};
