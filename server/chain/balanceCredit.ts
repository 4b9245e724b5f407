// A payment the chain accepted for something the server then refused (a ticket that is no
// longer valid, a node quote past its grace): the JU already sits at the treasury, so it must
// not vanish. The payment is kept under the purpose 'balance_credit' and, once the chain
// confirms it, its JU is credited to the payer's in-app balance — exactly once, like every
// other decision on a payment.
import type { ServerContext } from '../context.ts';
import { ACCOUNT_KIND, ensureSystemAccount, ensureUserAccount } from '../ledger/accounts.ts';
import { postTransfer } from '../ledger/postTransfer.ts';
import type { PurposeHandler } from './purposeHandler.ts';

export const PAYMENT_CREDIT_TRANSFER_KIND = 'chain_payment_credit';

export const balanceCreditPaymentHandler: PurposeHandler = {
  async onConfirmed(trx, payment, context: ServerContext) {
    const now = context.now();
    const received = await ensureSystemAccount(trx, 'JU', ACCOUNT_KIND.chain_received, now);
    const available = await ensureUserAccount(trx, payment.user_id, 'JU', now);
    await postTransfer(trx, {
      idempotencyKey: `chain-payment-credit:${payment.id}`,
      kind: PAYMENT_CREDIT_TRANSFER_KIND,
      memo: payment.hash,
      legs: [
        { accountId: received, amount: -payment.amount },
        { accountId: available, amount: payment.amount },
      ],
      now,
    });
  },
  // The chain never confirmed it: nothing reached the treasury, nothing to give back.
  async onRejected() {},
};
