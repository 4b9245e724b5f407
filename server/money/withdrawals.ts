// Withdrawals (spec §2, §5): the amount plus the fee is held first (available → held);
// the operator then completes it on chain (held → the withdrawn system account, fee → the
// fee account) or fails it (held → available). Completing and failing each flip the status
// with a guarded `UPDATE … WHERE status IN ('processing', 'unknown')` that must change
// exactly one row, in the transaction that posts the matching transfer: only one of them
// can ever happen. 'unknown' (the operator is checking the chain) keeps the hold.
import type { Withdrawal, WithdrawCoin } from '../../contract/api/withdraw.ts';
import type { WithdrawCoinSettings } from '../config.ts';
import type { AppDatabase } from '../db/database.ts';
import { readPage } from '../db/pages.ts';
import type { WithdrawalRow } from '../db/schema.ts';
import { inRetryingTransaction } from '../db/transaction.ts';
import { DomainError } from '../domainError.ts';
import {
  ACCOUNT_KIND,
  ensureSystemAccount,
  ensureUserAccount,
  ensureUserAccounts,
  shardFor,
} from '../ledger/accounts.ts';
import { creditReceivedOnChain } from '../ledger/chainCredit.ts';
import { postTransfer, type TransferLeg } from '../ledger/postTransfer.ts';
import { emitUserEvent } from '../realtime/events.ts';
import { runMoneyOperation } from '../ledger/moneyOperation.ts';
import { wireAmount } from '../../contract/money/wireAmounts.ts';

export const WITHDRAW_TRANSFER_KIND = {
  reserve: 'withdraw_reserve',
  settle: 'withdraw_settle',
  void: 'withdraw_void',
} as const;

export type WithdrawSettings = Record<WithdrawCoin, WithdrawCoinSettings>;

export interface WithdrawRequest {
  userId: bigint;
  coin: WithdrawCoin;
  /** Checksummed (JU) or Base58Check (USDT), already validated. */
  address: string;
  units: bigint;
  idempotencyKey: string;
  now: Date;
  /**
   * The JU fee was paid on chain: records that payment (in the withdrawal's transaction)
   * and returns its id; the ledger then takes no fee.
   */
  feePaidOnChain?: { hash: string; record(trx: AppDatabase): Promise<bigint> };
}

export async function applyWithdrawal(
  db: AppDatabase,
  settings: WithdrawSettings,
  request: WithdrawRequest,
): Promise<Withdrawal> {
  const coin = settings[request.coin];
  const { answer } = await runMoneyOperation(db, {
    ownerId: request.userId,
    scope: 'withdraw',
    key: request.idempotencyKey,
    request: {
      coin: request.coin,
      address: request.address,
      units: request.units,
      fee_hash: request.feePaidOnChain?.hash ?? null,
    },
    lockUserId: request.userId,
    now: request.now,
    async run(trx): Promise<Withdrawal> {
      if (request.units < coin.minimum) {
        throw new DomainError('amount_below_minimum', {
          values: { minimum: `${wireAmount(request.coin, coin.minimum)} ${request.coin}` },
          data: { field: 'amount', minimum: wireAmount(request.coin, coin.minimum) },
        });
      }
      const feePaymentId = request.feePaidOnChain ? await request.feePaidOnChain.record(trx) : null;
      const fee = feePaymentId === null ? coin.fee : 0n;
      const total = request.units + fee;
      const [available, held] = await ensureUserAccounts(
        trx,
        [
          { userId: request.userId, asset: request.coin, kind: ACCOUNT_KIND.user },
          { userId: request.userId, asset: request.coin, kind: ACCOUNT_KIND.held },
        ],
        request.now,
      );
      const reserve = await postTransfer(trx, {
        idempotencyKey: `withdraw-reserve:${request.userId}:${request.idempotencyKey}`,
        keyIsNew: true,
        kind: WITHDRAW_TRANSFER_KIND.reserve,
        legs: [
          { accountId: available, amount: -total },
          { accountId: held, amount: total },
        ],
        now: request.now,
      });
      const row = await trx.kysely
        .insertInto('withdrawals')
        .values({
          user_id: request.userId,
          asset: request.coin,
          network: coin.network,
          address: request.address,
          amount: request.units,
          fee,
          fee_payment_id: feePaymentId,
          status: 'processing',
          reserve_transfer_id: reserve.id,
          created_at: reserve.createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return withdrawalWire((await findWithdrawal(trx, row.id))!, settings);
    },
  });
  return answer;
}

export type WithdrawalOutcome =
  | { status: 'completed'; txid: string }
  | { status: 'failed'; reason: string }
  | { status: 'unknown' };

/** Statuses that still hold the funds and may be completed or failed. */
const OPEN_STATUSES = ['processing', 'unknown'] as const;

/**
 * Completes (sent on chain) or fails (hold returned) an open withdrawal, or marks a
 * processing one 'unknown' while the operator checks the chain (the hold stays). Repeating
 * the same outcome answers the withdrawal as it is; anything else is refused.
 */
export async function finishWithdrawal(
  db: AppDatabase,
  settings: WithdrawSettings,
  id: bigint,
  outcome: WithdrawalOutcome,
  now: Date,
): Promise<{ withdrawal: Withdrawal; changed: boolean }> {
  return inRetryingTransaction(db, async (trx) => {
    if (outcome.status === 'completed') await requireCompletable(trx, id, outcome.txid);
    const flipped = await trx.kysely
      .updateTable('withdrawals')
      .set({
        status: outcome.status,
        txid: outcome.status === 'completed' ? outcome.txid : null,
        failure_reason: outcome.status === 'failed' ? outcome.reason : null,
        finished_at: outcome.status === 'unknown' ? null : now.toISOString(),
      })
      .where('id', '=', id)
      .where('status', 'in', outcome.status === 'unknown' ? ['processing'] : [...OPEN_STATUSES])
      .returningAll()
      .execute();
    if (flipped.length !== 1) {
      const current = await findWithdrawal(trx, id);
      if (!current) throw new DomainError('withdrawal_not_found');
      if (sameOutcome(current, outcome))
        return { withdrawal: withdrawalWire(current, settings), changed: false };
      throw new DomainError('withdrawal_not_processing', {
        data: { status: current.status },
      });
    }
    const row = flipped[0]!;
    // Completed and failed post a transfer, which tells the user; 'unknown' moves no money.
    if (outcome.status === 'unknown') {
      await emitUserEvent(trx, now, {
        userId: row.user_id,
        stream: 'user@record',
        kind: 'withdrawal_checking',
        changes: ['withdrawals'],
      });
      return {
        withdrawal: withdrawalWire((await findWithdrawal(trx, id))!, settings),
        changed: true,
      };
    }
    const transfer = await postTransfer(trx, {
      idempotencyKey: `withdraw-finish:${row.id}`,
      kind:
        outcome.status === 'completed'
          ? WITHDRAW_TRANSFER_KIND.settle
          : WITHDRAW_TRANSFER_KIND.void,
      memo: outcome.status === 'failed' ? outcome.reason : outcome.txid,
      legs: await finishLegs(trx, row, outcome.status, now),
      now,
    });
    await trx.kysely
      .updateTable('withdrawals')
      .set({ finish_transfer_id: transfer.id })
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    if (outcome.status === 'failed') await refundFeePaidOnChain(trx, row.id, now);
    return {
      withdrawal: withdrawalWire((await findWithdrawal(trx, id))!, settings),
      changed: true,
    };
  });
}

/**
 * The id of the transaction that paid a withdrawal out, in its network's own form: the user
 * is shown a link to it. TRON (USDT TRC20) writes 64 hexadecimal digits; JuChain (JU), an
 * EVM chain, 0x and 64.
 */
const TXID_OF_NETWORK: Record<WithdrawCoin, RegExp> = {
  USDT: /^[0-9a-fA-F]{64}$/,
  JU: /^0x[0-9a-fA-F]{64}$/,
};

/**
 * Completed needs a transaction id of the withdrawal's own network, and a JU fee paid on
 * chain confirmed there before the withdrawal is sent: one read for both.
 */
async function requireCompletable(trx: AppDatabase, id: bigint, txid: string): Promise<void> {
  const withdrawal = await trx.kysely
    .selectFrom('withdrawals')
    .leftJoin('chain_payments', 'chain_payments.id', 'withdrawals.fee_payment_id')
    .select(['withdrawals.asset', 'chain_payments.status as fee_status'])
    .where('withdrawals.id', '=', id)
    .executeTakeFirst();
  if (!withdrawal) throw new DomainError('withdrawal_not_found');
  const coin = withdrawal.asset as WithdrawCoin;
  if (!TXID_OF_NETWORK[coin].test(txid))
    throw new DomainError('withdrawal_txid_invalid', { data: { field: 'txid', coin } });
  if (withdrawal.fee_status !== null && withdrawal.fee_status !== 'confirmed')
    throw new DomainError('withdrawal_fee_unconfirmed', {
      data: { fee_status: withdrawal.fee_status },
    });
}

function sameOutcome(row: WithdrawalRow, outcome: WithdrawalOutcome): boolean {
  if (row.status !== outcome.status) return false;
  if (outcome.status === 'completed') return row.txid === outcome.txid;
  if (outcome.status === 'failed') return row.failure_reason === outcome.reason;
  return true;
}

async function finishLegs(
  trx: AppDatabase,
  row: WithdrawalRow,
  status: 'completed' | 'failed',
  now: Date,
): Promise<TransferLeg[]> {
  const asset = row.asset as WithdrawCoin;
  const total = row.amount + row.fee;
  if (status === 'failed') {
    const [held, available] = await ensureUserAccounts(
      trx,
      [
        { userId: row.user_id, asset, kind: ACCOUNT_KIND.held },
        { userId: row.user_id, asset, kind: ACCOUNT_KIND.user },
      ],
      now,
    );
    return [
      { accountId: held, amount: -total },
      { accountId: available, amount: total },
    ];
  }
  const held = await ensureUserAccount(trx, row.user_id, asset, now, ACCOUNT_KIND.held);
  const shard = shardFor(row.user_id);
  const withdrawn = await ensureSystemAccount(trx, asset, ACCOUNT_KIND.withdrawn, now, shard);
  const legs: TransferLeg[] = [
    { accountId: held, amount: -total },
    { accountId: withdrawn, amount: row.amount },
  ];
  if (row.fee > 0n) {
    const fees = await ensureSystemAccount(trx, asset, ACCOUNT_KIND.fees, now, shard);
    legs.push({ accountId: fees, amount: row.fee });
  }
  return legs;
}

/** A withdrawal with what its JU fee paid on chain came to (null: none was). */
export type WithdrawalWithFee = WithdrawalRow & {
  fee_paid_on_chain: bigint | null;
  fee_payment_status: 'pending' | 'confirmed' | 'rejected' | null;
};

/**
 * Withdrawals joined to their fee's payment on chain: select `withdrawals.*` and
 * FEE_PAID_ON_CHAIN for a WithdrawalWithFee; filter and order with `withdrawals.`.
 */
export function selectWithdrawals(db: AppDatabase) {
  return db.kysely
    .selectFrom('withdrawals')
    .leftJoin('chain_payments', 'chain_payments.id', 'withdrawals.fee_payment_id');
}

export const FEE_PAID_ON_CHAIN = [
  'chain_payments.amount as fee_paid_on_chain',
  'chain_payments.status as fee_payment_status',
] as const;

export function findWithdrawal(
  db: AppDatabase,
  id: bigint,
): Promise<WithdrawalWithFee | undefined> {
  return selectWithdrawals(db)
    .selectAll('withdrawals')
    .select(FEE_PAID_ON_CHAIN)
    .where('withdrawals.id', '=', id)
    .executeTakeFirst();
}

export interface WithdrawalQuery {
  userId?: bigint;
  coin?: WithdrawCoin;
  status?: WithdrawalRow['status'];
  page: number;
  pageSize: number;
}

export async function listWithdrawals(
  db: AppDatabase,
  settings: WithdrawSettings,
  query: WithdrawalQuery,
): Promise<{ list: Withdrawal[]; total: number }> {
  let filtered = selectWithdrawals(db);
  if (query.userId !== undefined)
    filtered = filtered.where('withdrawals.user_id', '=', query.userId);
  if (query.coin !== undefined) filtered = filtered.where('withdrawals.asset', '=', query.coin);
  if (query.status !== undefined)
    filtered = filtered.where('withdrawals.status', '=', query.status);
  const { rows, total } = await readPage(
    filtered,
    (q) => q.selectAll('withdrawals').select(FEE_PAID_ON_CHAIN).orderBy('withdrawals.id', 'desc'),
    query,
  );
  return { total, list: rows.map((row) => withdrawalWire(row, settings)) };
}

export function withdrawalWire(row: WithdrawalWithFee, settings: WithdrawSettings): Withdrawal {
  const coin = row.asset as WithdrawCoin;
  const explorer = settings[coin]?.explorerTxUrl ?? null;
  return {
    id: String(row.id),
    coin,
    network: row.network,
    address: row.address,
    amount: wireAmount(coin, row.amount),
    // What the user paid for it, from the balance or, for a JU fee, from the wallet on chain.
    fee: wireAmount(coin, row.fee_paid_on_chain ?? row.fee),
    fee_on_chain: row.fee_paid_on_chain !== null,
    status: row.status,
    created_at: row.created_at,
    finished_at: row.finished_at,
    txid: row.txid,
    explorer_url:
      row.status === 'completed' && row.txid && explorer
        ? explorer + encodeURIComponent(row.txid)
        : null,
    failure_reason: row.failure_reason,
    fee_outcome:
      row.status !== 'failed' || row.fee_payment_status === null
        ? null
        : FEE_OUTCOME[row.fee_payment_status],
  };
}

/** What became of a JU fee paid on chain for a withdrawal that was not sent. */
const FEE_OUTCOME = {
  confirmed: 'returned',
  pending: 'returned_when_confirmed',
  rejected: 'not_taken',
} as const;

/**
 * A withdrawal that was not sent gives back the network fee its user paid from the wallet,
 * once the chain has confirmed that payment (the JU is at the treasury then): now, or when
 * the chain confirms it later (chain/withdrawFee.ts). Exactly once: the transfer's
 * idempotency key is the withdrawal's.
 */
export async function refundFeePaidOnChain(trx: AppDatabase, id: bigint, now: Date) {
  const fee = await trx.kysely
    .selectFrom('withdrawals')
    .innerJoin('chain_payments', 'chain_payments.id', 'withdrawals.fee_payment_id')
    .select(['withdrawals.user_id', 'chain_payments.amount', 'chain_payments.hash'])
    .where('withdrawals.id', '=', id)
    .where('withdrawals.status', '=', 'failed')
    .where('chain_payments.status', '=', 'confirmed')
    .executeTakeFirst();
  if (!fee) return;
  await creditReceivedOnChain(trx, {
    userId: fee.user_id,
    amount: fee.amount,
    idempotencyKey: `withdraw-fee-refund:${id}`,
    memo: fee.hash,
    now,
  });
}
