// The JU withdrawal's network fee paid on chain. The withdrawal is only queued once its fee
// payment is confirmed (server/money/withdrawals.ts), so the chain's later word changes nothing.
import type { PurposeHandler } from './payments.ts';

export const withdrawFeePaymentHandler: PurposeHandler = {
  async onConfirmed() {},
  async onRejected() {},
};
