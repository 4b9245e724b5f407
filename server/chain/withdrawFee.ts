// The JU withdrawal's network fee, paid on chain from the wallet to the treasury before the
// withdrawal is queued (spec §9). The chain is asked first: a refusal answers 'JU fee payment
// failed' and queues nothing; a payment still pending is recorded with the withdrawal, which
// the operator can complete only once the chain confirms the fee — and which fails by
// itself, its hold returned, if the chain refuses it.
import type { ServerContext } from '../context.ts';
import type { AppDatabase } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { DomainError } from '../domainError.ts';
import { finishWithdrawal } from '../money/withdrawals.ts';
import { chainClient } from './client.ts';
import { requireTreasury, type PurposeHandler, keepForBalanceCredit } from './payments.ts';
import { verifyPayment } from './verifyPayment.ts';

export const withdrawFeePaymentHandler: PurposeHandler = {
  async onConfirmed() {},
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
 * Asks the chain about the fee payment; refuses it clearly, or returns what records it in
 * the withdrawal's transaction.
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
  const { settings } = context;
  if (!hash) throw new DomainError('ju_fee_hash_required', { data: { field: 'fee_hash' } });
  const units = settings.withdraw.JU.fee;
  const verdict = await verifyPayment(chainClient(settings.chain.rpcUrl), {
    hash,
    from: user.address,
    to: requireTreasury(settings),
    units,
    chainId: settings.chain.id,
    confirmations: settings.chain.confirmations,
  });
  if (verdict.status === 'rejected')
    throw new DomainError('ju_fee_payment_failed', {
      data: { field: 'fee_hash', reason: verdict.failure },
    });
  return {
    hash,
    creditBack: () => keepForBalanceCredit(context, { user, hash, units, verdict }),
    async record(trx) {
      const used = await trx.kysely
        .selectFrom('chain_payments')
        .select('id')
        .where('hash', '=', hash)
        .executeTakeFirst();
      if (used) throw new DomainError('hash_already_exists', { data: { field: 'fee_hash' } });
      const now = context.now().toISOString();
      const confirmed = verdict.status === 'confirmed';
      const payment = await trx.kysely
        .insertInto('chain_payments')
        .values({
          user_id: user.id,
          hash,
          purpose: 'withdraw_fee',
          amount: units,
          status: confirmed ? 'confirmed' : 'pending',
          confirmations: BigInt(verdict.confirmations),
          block_number: verdict.blockNumber,
          created_at: now,
          checked_at: now,
          confirmed_at: confirmed ? now : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return payment.id;
    },
  };
}
