// Personal performance: what a user has bought that counts towards performance (tickets,
// nodes…), in JU units. The purchase features call recordPerformance inside their own
// transaction once a purchase is confirmed; team performance is the sum over a user's team,
// kept up to date with each entry (teamFigures.ts).
import { assetDecimals } from '../../contract/api/assets.ts';
import type { AppDatabase } from '../db/database.ts';
import { inTransaction } from '../db/transaction.ts';
import { recordPerformanceFigures } from './teamFigures.ts';

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
 * Counts a purchase towards the buyer's personal performance and every upline's team
 * performance, in the caller's transaction (or its own). The same (source, reference)
 * counts once: a repeat returns false and changes nothing.
 */
export async function recordPerformance(
  db: AppDatabase,
  purchase: PerformancePurchase,
): Promise<boolean> {
  if (purchase.units <= 0n) throw new RangeError('Performance units must be positive');
  return inTransaction(db, async (trx) => {
    const result = await trx.kysely
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
    if ((result.numInsertedOrUpdatedRows ?? 0n) === 0n) return false;
    await recordPerformanceFigures(trx, { userId: purchase.userId, units: purchase.units });
    return true;
  });
}
