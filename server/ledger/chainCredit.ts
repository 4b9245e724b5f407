// JU that reached the treasury on chain, credited to a user's in-app balance: a payment the
// server refused after the chain took it (chain/balanceCredit.ts), or the network fee of a
// withdrawal that was not sent (money/withdrawals.ts). One transfer kind, one money-log type
// (payment_credit), exactly once per idempotency key.
import type { AppDatabase } from '../db/database.ts';
import { ACCOUNT_KIND, ensureSystemAccount, ensureUserAccount } from './accounts.ts';
import { postTransfer } from './postTransfer.ts';

export const PAYMENT_CREDIT_TRANSFER_KIND = 'chain_payment_credit';

export async function creditReceivedOnChain(
  trx: AppDatabase,
  credit: { userId: bigint; amount: bigint; idempotencyKey: string; memo: string; now: Date },
): Promise<void> {
  const { now } = credit;
  const received = await ensureSystemAccount(trx, 'JU', ACCOUNT_KIND.chain_received, now);
  const available = await ensureUserAccount(trx, credit.userId, 'JU', now);
  await postTransfer(trx, {
    idempotencyKey: credit.idempotencyKey,
    kind: PAYMENT_CREDIT_TRANSFER_KIND,
    memo: credit.memo,
    legs: [
      { accountId: received, amount: -credit.amount },
      { accountId: available, amount: credit.amount },
    ],
    now,
  });
}
