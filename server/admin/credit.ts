// Operator-credited deposits: money enters the ledger from the asset's 'deposits' system
// account, whose balance is therefore minus everything ever deposited.
import type { AssetCode } from '../../src/api/assets.ts';
import type { AppDatabase } from '../db/database.ts';
import {
  ACCOUNT_KIND,
  ensureSystemAccount,
  ensureUserAccount,
  shardFor,
} from '../ledger/accounts.ts';
import { postTransfer, type PostedTransfer } from '../ledger/postTransfer.ts';

export const DEPOSIT_TRANSFER_KIND = 'deposit';

export interface CreditInput {
  userId: bigint;
  asset: AssetCode;
  /** Units, > 0. */
  units: bigint;
  idempotencyKey: string;
  now: Date;
}

export interface Credit {
  transfer: PostedTransfer;
  balanceAfter: bigint;
}

export async function creditDeposit(db: AppDatabase, input: CreditInput): Promise<Credit> {
  const source = await ensureSystemAccount(
    db,
    input.asset,
    ACCOUNT_KIND.deposits,
    input.now,
    shardFor(input.userId),
  );
  const target = await ensureUserAccount(db, input.userId, input.asset, input.now);
  const transfer = await postTransfer(db, {
    // Scoped so operator keys can never collide with keys of user operations.
    idempotencyKey: `admin-credit:${input.idempotencyKey}`,
    kind: DEPOSIT_TRANSFER_KIND,
    legs: [
      { accountId: source, amount: -input.units },
      { accountId: target, amount: input.units },
    ],
    now: input.now,
  });
  const entry = transfer.entries.find((candidate) => candidate.accountId === target);
  if (!entry) throw new Error(`Transfer ${transfer.id} has no entry for account ${target}`);
  return { transfer, balanceAfter: entry.balanceAfter };
}
