// Every route the server answers, one list per area (same names as src/api/<area>.ts).
import type { Route } from '../http/route.ts';
import { adminRoutes } from './admin.ts';
import { adminChainRoutes } from './adminChain.ts';
import { chainRoutes } from './chain.ts';
import { cycleRoutes } from './cycle.ts';
import { nodeRoutes } from './node.ts';
import { releaseRoutes } from './release.ts';
import { ticketRoutes } from './ticket.ts';
import { adminCardRoutes } from './adminCard.ts';
import { contentAreaRoutes } from './contentArea.ts';
import { authRoutes } from './auth.ts';
import { runtimeConfigRoutes } from './runtimeConfig.ts';
import { transferRoutes } from './transfer.ts';
import { userRoutes } from './user.ts';
import { visaRoutes } from './visa.ts';
import { walletRoutes } from './wallet.ts';
import { withdrawRoutes } from './withdraw.ts';

export const routeTable: readonly Route[] = [
  ...runtimeConfigRoutes,
  ...authRoutes,
  ...userRoutes,
  ...walletRoutes,
  ...transferRoutes,
  ...withdrawRoutes,
  ...visaRoutes,
  ...adminRoutes,
  ...chainRoutes,
  ...ticketRoutes,
  ...cycleRoutes,
  ...nodeRoutes,
  ...releaseRoutes,
  ...adminChainRoutes,
  ...adminCardRoutes,
  ...contentAreaRoutes,
];
