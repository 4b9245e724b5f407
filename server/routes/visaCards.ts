// /api/v1/visa/*: card applications, cards, recharges and card controls.
import type { Route } from '../http/route.ts';

export const cardRoutes: Route[] = [];
