// The pool accounts (mutual-aid and release): system accounts that only ever pay out what
// they hold. The ledger lets system accounts go below zero, so every payout reads the pool's
// balance under a lock first and refuses to spend more.
import { sql } from 'kysely';
import type { AppDatabase } from '../db/database.ts';
import { sumUnits, unitsFromSum } from '../db/sumUnits.ts';
import { inRetryingTransaction } from '../db/transaction.ts';
import { ACCOUNT_KIND, ensureSystemAccount, shardFor } from '../ledger/accounts.ts';
import { postTransfer, type PostedTransfer } from '../ledger/postTransfer.ts';

export type PoolKind = typeof ACCOUNT_KIND.cycle_pool | typeof ACCOUNT_KIND.release_pool;

/** The transfer that funds a pool, by the pool's kind. */
const fundTransferKind = (kind: PoolKind) => `${kind}_fund` as const;

export const POOL_FUND_TRANSFER_KINDS = [
  fundTransferKind(ACCOUNT_KIND.cycle_pool),
  fundTransferKind(ACCOUNT_KIND.release_pool),
];

/** The pool's account and balance, locked until the transaction ends (PostgreSQL). */
export async function lockedPoolBalance(
  trx: AppDatabase,
  kind: PoolKind,
  now: Date,
): Promise<{ accountId: bigint; balance: bigint }> {
  const accountId = await ensureSystemAccount(trx, 'JU', kind, now);
  if (trx.dialect === 'postgres')
    await sql`SELECT id FROM accounts WHERE id = ${accountId} FOR NO KEY UPDATE`.execute(
      trx.kysely,
    );
  const row = await trx.kysely
    .selectFrom('accounts')
    .select('balance')
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  return { accountId, balance: row.balance };
}

export async function poolBalance(db: AppDatabase, kind: PoolKind): Promise<bigint> {
  const row = await db.kysely
    .selectFrom('accounts')
    .select(sumUnits(db.dialect, 'balance').as('sum'))
    .where('user_id', 'is', null)
    .where('asset', '=', 'JU')
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row ? unitsFromSum(row.sum) : 0n;
}

/**
 * The operator puts JU into a pool. It enters the ledger like a deposit (from the
 * 'deposits' system account), so the books still sum to zero. The key makes a retry safe.
 */
export function fundPool(
  db: AppDatabase,
  kind: PoolKind,
  units: bigint,
  idempotencyKey: string,
  now: Date,
): Promise<PostedTransfer> {
  return inRetryingTransaction(db, async (trx) => {
    const deposits = await ensureSystemAccount(trx, 'JU', ACCOUNT_KIND.deposits, now, shardFor(0n));
    const pool = await ensureSystemAccount(trx, 'JU', kind, now);
    return postTransfer(trx, {
      idempotencyKey: `pool-fund:${kind}:${idempotencyKey}`,
      kind: fundTransferKind(kind),
      legs: [
        { accountId: deposits, amount: -units },
        { accountId: pool, amount: units },
      ],
      now,
    });
  });
}
