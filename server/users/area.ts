// Users: the user centre, referrals, and the operator's list of users.
import type { ServerArea } from '../area.ts';
import { adminUserRoutes } from './adminRoutes.ts';
import { userRoutes } from './routes.ts';

export const usersArea: ServerArea = {
  name: 'users',
  routes: [...userRoutes, ...adminUserRoutes],
};
