/** The user's records: what a `user@record` realtime event may change (api/realtime.ts). */
export const RECORD_AREAS = [
  'moneyLog',
  'transfers',
  'withdrawals',
  'tickets',
  'cycles',
  'nodes',
  'release',
  'team',
] as const;

/**
 * What the app keeps of the server's data, by area: a successful write names the areas it
 * changes, and the app refreshes exactly those.
 */
export const CACHE_AREAS = [
  'balances',
  'userInfo',
  ...RECORD_AREAS,
  'cards',
  'orders',
  'sessions',
  'notices',
] as const;
export type CacheArea = (typeof CACHE_AREAS)[number];
