// Operator-credited deposits: money enters the ledger from the asset's 'deposits' system
// account, whose balance is therefore minus everything ever deposited.
import type { AssetCode } from '../../contract/api/assets.ts';
import type { CreditData } from '../admin/contract.ts';
import type { ServerContext } from '../context.ts';
import type { AppDatabase } from '../db/database.ts';
import { DomainError } from '../domainError.ts';
import {
  ACCOUNT_KIND,
  ensureSystemAccount,
  ensureUserAccount,
  shardFor,
} from '../ledger/accounts.ts';
import { postTransfer, type PostedTransfer } from '../ledger/postTransfer.ts';
import { findUserByAddress } from '../users/users.ts';
import { OPERATOR_OWNER_ID, runMoneyOperation } from '../ledger/moneyOperation.ts';
import { wireAmount } from '../../contract/money/wireAmounts.ts';

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

export interface OperatorCredit {
  /** Checksummed. */
  address: string;
  asset: AssetCode;
  /** Units, > 0. */
  units: bigint;
  /** The operator's key: the same key with the same details credits once. */
  idempotencyKey: string;
}

/** The operator credits a deposit to a user (`npm run admin -- credit`). */
export async function creditByOperator(
  context: ServerContext,
  credit: OperatorCredit,
): Promise<CreditData> {
  const { db } = context;
  const { address, asset, units, idempotencyKey } = credit;
  const user = await findUserByAddress(db, address);
  if (!user) throw new DomainError('user_not_found');
  const { answer } = await runMoneyOperation(db, {
    ownerId: OPERATOR_OWNER_ID,
    scope: 'admin-credit',
    key: idempotencyKey,
    request: { user_id: user.id, asset, units },
    lockUserId: user.id,
    now: context.now(),
    async run(trx): Promise<CreditData> {
      const deposit = await creditDeposit(trx, {
        userId: user.id,
        asset,
        units,
        idempotencyKey,
        now: context.now(),
      });
      return {
        transfer_id: String(deposit.transfer.id),
        idempotency_key: idempotencyKey,
        address,
        asset,
        amount: wireAmount(asset, units),
        balance_after: wireAmount(asset, deposit.balanceAfter),
        created_at: deposit.transfer.createdAt,
      };
    },
  });
  return answer;
}
