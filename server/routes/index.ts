// Every route the server answers, one list per area (same names as src/api/<area>.ts).
import type { Route } from '../http/route.ts';
import { adminRoutes } from './admin.ts';
import { contentAreaRoutes } from './contentArea.ts';
import { authRoutes } from './auth.ts';
import { runtimeConfigRoutes } from './runtimeConfig.ts';
import { transferRoutes } from './transfer.ts';
import { userRoutes } from './user.ts';
import { walletRoutes } from './wallet.ts';
import { withdrawRoutes } from './withdraw.ts';

export const routeTable: readonly Route[] = [
  ...runtimeConfigRoutes,
  ...authRoutes,
  ...userRoutes,
  ...walletRoutes,
  ...transferRoutes,
  ...withdrawRoutes,
  ...adminRoutes,
  ...contentAreaRoutes,
];
