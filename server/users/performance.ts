// Personal performance: what a user has bought that counts towards performance (tickets,
// nodes…), in JU units. The purchase features call recordPerformance inside their own
// transaction once a purchase is confirmed; team performance is the sum over a user's team
// (server/users/referrals.ts).
import { assetDecimals } from '../../src/api/assets.ts';
import type { AppDatabase } from '../db/database.ts';
import { sumUnits, unitsFromSum } from '../db/sumUnits.ts';

/** Performance is counted in JU. */
export const PERFORMANCE_ASSET = 'JU' as const;
export const PERFORMANCE_DECIMALS = assetDecimals(PERFORMANCE_ASSET);

export interface PerformancePurchase {
  userId: bigint;
  /** JU units, > 0. */
  units: bigint;
  /** What was bought: 'ticket', 'node', … */
  source: string;
  /** The purchase's own unique id, e.g. its transaction hash. */
  reference: string;
  now: Date;
}

/**
 * Counts a purchase towards the buyer's personal performance (and so every upline's team
 * performance). The same (source, reference) counts once: a repeat returns false.
 */
export async function recordPerformance(
  db: AppDatabase,
  purchase: PerformancePurchase,
): Promise<boolean> {
  if (purchase.units <= 0n) throw new RangeError('Performance units must be positive');
  const result = await db.kysely
    .insertInto('performance_entries')
    .values({
      user_id: purchase.userId,
      units: purchase.units,
      source: purchase.source,
      reference: purchase.reference,
      created_at: purchase.now.toISOString(),
    })
    .onConflict((conflict) => conflict.columns(['source', 'reference']).doNothing())
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

/** Personal performance of each of `userIds`, in JU units (0 for none). */
export async function personalPerformance(
  db: AppDatabase,
  userIds: readonly bigint[],
): Promise<Map<bigint, bigint>> {
  const totals = new Map<bigint, bigint>(userIds.map((id) => [id, 0n]));
  if (userIds.length === 0) return totals;
  const rows = await db.kysely
    .selectFrom('performance_entries')
    .select(['user_id', sumUnits(db.dialect, 'units').as('units')])
    .where('user_id', 'in', userIds)
    .groupBy('user_id')
    .execute();
  for (const row of rows) totals.set(row.user_id, unitsFromSum(row.units));
  return totals;
}
