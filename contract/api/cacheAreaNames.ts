/**
 * What the app keeps of the server's data, by area: a successful write names the areas it
 * changes, and the app refreshes exactly those.
 */
export const CACHE_AREAS = [
  'balances',
  'userInfo',
  'moneyLog',
  'transfers',
  'withdrawals',
  'tickets',
  'cycles',
  'nodes',
  'release',
  'cards',
  'orders',
  'sessions',
  'notices',
  'team',
] as const;
export type CacheArea = (typeof CACHE_AREAS)[number];
