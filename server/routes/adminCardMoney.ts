// /admin/v1/card/*: applications, recharges and spending (filled in with the card domain).
import type { Route } from '../http/route.ts';

export const adminCardMoneyRoutes: Route[] = [];
