// Sign-in and sessions.
import type { ServerArea } from '../area.ts';
import { authRoutes } from './routes.ts';
import { deleteExpiredSessions } from '../sessions/sessions.ts';

export const authArea: ServerArea = {
  name: 'auth',
  routes: authRoutes,
  jobs: [
    {
      name: 'session_sweep',
      intervalMs: () => 60 * 60_000,
      run: (context) => deleteExpiredSessions(context.db, context.now()),
    },
  ],
};
