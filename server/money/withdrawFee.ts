// The JU withdrawal's network fee, paid on chain from the wallet to the treasury before the
// withdrawal is queued (spec §9). The chain is asked first: a refusal answers 'JU fee payment
// failed' and queues nothing (a fee of another amount comes back to the balance); a payment
// still in the pool or under too few blocks is recorded with the withdrawal, which the
// operator can complete only once the chain confirms the fee — and which fails by itself,
// its hold returned, if the chain refuses it.
import { PAYMENT_FAILURES } from '../../contract/api/chain.ts';
import type { ServerContext } from '../context.ts';
import type { AppDatabase } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { DomainError } from '../domainError.ts';
import { finishWithdrawal, refundFeePaidOnChain } from './withdrawals.ts';
import {
  checkOwnPayment,
  decide,
  findPaymentByHash,
  insertPayment,
  keepForBalanceCredit,
  refusalOfStoredHash,
  seenOrRefused,
  type SeenPayment,
} from '../chain/payments.ts';
import type { PurposeHandler } from '../hooks/purposeHandler.ts';

export const withdrawFeePaymentHandler: PurposeHandler = {
  // A withdrawal failed while its fee was still unconfirmed gets the fee back now.
  async onConfirmed(trx, payment, context) {
    const failed = await trx.kysely
      .selectFrom('withdrawals')
      .select('id')
      .where('fee_payment_id', '=', payment.id)
      .where('status', '=', 'failed')
      .executeTakeFirst();
    if (failed) await refundFeePaidOnChain(trx, failed.id, context.now());
  },
  async onRejected(trx, payment, context) {
    const withdrawal = await trx.kysely
      .selectFrom('withdrawals')
      .select('id')
      .where('fee_payment_id', '=', payment.id)
      .where('status', 'in', ['processing', 'unknown'])
      .executeTakeFirst();
    if (!withdrawal) return;
    await finishWithdrawal(
      trx,
      context.settings.withdraw,
      withdrawal.id,
      { status: 'failed', reason: 'ju_fee_payment_failed' },
      context.now(),
    );
  },
};

/** Whether this server wants the JU fee paid on chain (it takes payments on chain). */
export function juFeeOnChain(context: ServerContext): boolean {
  return context.settings.chain.treasury !== null;
}

/**
 * Asks the chain about the fee payment; refuses it clearly ('JU fee payment failed', with the
 * chain's reason), or returns what records it in the withdrawal's transaction.
 */
export async function checkWithdrawFee(
  context: ServerContext,
  user: UserRow,
  hash: string | undefined,
): Promise<{
  hash: string;
  record(trx: AppDatabase): Promise<bigint>;
  /** The withdrawal was refused: the fee paid on chain comes back to the balance (false
   * when another request had already kept this hash). */
  creditBack(): Promise<boolean>;
}> {
  if (!hash) throw new DomainError('ju_fee_hash_required', { data: { field: 'fee_hash' } });
  const units = context.settings.withdraw.JU.fee;
  const stored = await findPaymentByHash(context.db, hash);
  if (stored) throw await refusalOfStoredHash(context, stored, user, 'fee_hash');
  let seen: SeenPayment;
  try {
    const { payer, verdict } = await checkOwnPayment(context, { user, hash, units });
    seen = await seenOrRefused(context, { user, hash, units, payer, verdict });
  } catch (error) {
    throw asFeeRefusal(error);
  }
  return {
    hash,
    creditBack: () => keepForBalanceCredit(context, seen),
    async record(trx) {
      if (await findPaymentByHash(trx, hash))
        throw new DomainError('hash_already_exists', { data: { field: 'fee_hash' } });
      const payment = await insertPayment(trx, context, { ...seen, purpose: 'withdraw_fee' });
      if (seen.verdict.status === 'confirmed')
        await decide(trx, payment, seen.verdict, context, withdrawFeePaymentHandler);
      return payment.id;
    },
  };
}

/**
 * A refusal of the fee's hash, about the withdrawal's `fee_hash` field; the chain's objection
 * in the withdrawal's words ('JU fee payment failed', the objection as its reason).
 */
function asFeeRefusal(error: unknown): unknown {
  if (!(error instanceof DomainError)) return error;
  const data = typeof error.data === 'object' && error.data !== null ? error.data : {};
  if (!isPaymentFailure(error.errorName))
    return new DomainError(error.errorName, {
      values: error.values,
      data: { ...data, field: 'fee_hash' },
      cause: error,
    });
  return new DomainError('ju_fee_payment_failed', {
    data: { ...data, field: 'fee_hash', reason: error.errorName },
    cause: error,
  });
}

const isPaymentFailure = (name: string): boolean =>
  (PAYMENT_FAILURES as readonly string[]).includes(name);
