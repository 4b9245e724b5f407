// Who acts when the chain decides a payment, by what it paid for.
import { cyclePaymentHandler } from '../cycle/cycles.ts';
import { nodePaymentHandler } from '../node/nodes.ts';
import { ticketPaymentHandler } from '../ticket/tickets.ts';
import { balanceCreditPaymentHandler } from './balanceCredit.ts';
import { withdrawFeePaymentHandler } from './withdrawFee.ts';
import type { PurposeHandlers } from './purposeHandler.ts';

export const purposeHandlers: PurposeHandlers = {
  ticket: ticketPaymentHandler,
  cycle: cyclePaymentHandler,
  node: nodePaymentHandler,
  withdraw_fee: withdrawFeePaymentHandler,
  balance_credit: balanceCreditPaymentHandler,
};
