// A payment the chain accepted for something the server then refused (a ticket that is no
// longer valid, a node quote past its grace): the JU already sits at the treasury, so it must
// not vanish. The payment is kept under the purpose 'balance_credit' and, once the chain
// confirms it, its JU is credited to the payer's in-app balance — exactly once, like every
// other decision on a payment.
import type { ServerContext } from '../context.ts';
import { creditReceivedOnChain } from '../ledger/chainCredit.ts';
import type { PurposeHandler } from '../hooks/purposeHandler.ts';

export { PAYMENT_CREDIT_TRANSFER_KIND } from '../ledger/chainCredit.ts';

export const balanceCreditPaymentHandler: PurposeHandler = {
  async onConfirmed(trx, payment, context: ServerContext) {
    await creditReceivedOnChain(trx, {
      userId: payment.user_id,
      amount: payment.amount,
      idempotencyKey: `chain-payment-credit:${payment.id}`,
      memo: payment.hash,
      now: context.now(),
    });
  },
  // The chain never confirmed it: nothing reached the treasury, nothing to give back.
  async onRejected() {},
};
