// Users: the user centre, referrals and team figures, and the operator's list of users.
import type { ServerArea } from '../area.ts';
import { adminUserRoutes } from './adminRoutes.ts';
import { userRoutes } from './routes.ts';
import { foldTeamDeltas } from './teamFigures.ts';

export const usersArea: ServerArea = {
  name: 'users',
  routes: [...userRoutes, ...adminUserRoutes],
  jobs: [
    {
      name: 'team_fold',
      // TEAM_FOLD_SECONDS=0 turns it off (reads then meet every delta since).
      intervalMs: (settings) =>
        settings.operations.teamFoldMs > 0 ? settings.operations.teamFoldMs : null,
      run: (context) => foldTeamDeltas(context.db),
    },
  ],
};
