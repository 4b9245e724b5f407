// /api/v1/chain/*: the user's own payments on chain, and what the payment screens need.
import {
  chainPaths,
  chainPaymentQuerySchema,
  type ChainInfoData,
  type ChainPayment,
} from '../../src/api/chain.ts';
import { findPaymentByHash, paymentWire } from '../chain/payments.ts';
import { DomainError } from '../domainError.ts';
import { defineRoute } from '../http/route.ts';
import { wireAmount } from '../money/wireAmounts.ts';

export const chainRoutes = [
  defineRoute({
    method: 'GET',
    path: chainPaths.payment,
    auth: 'user',
    input: chainPaymentQuerySchema,
    async handler({ context, user, input }): Promise<ChainPayment> {
      const payment = await findPaymentByHash(context.db, input.hash);
      if (!payment || payment.user_id !== user.id) throw new DomainError('chain_payment_unknown');
      return paymentWire(payment, context.settings);
    },
  }),
  defineRoute({
    method: 'GET',
    path: chainPaths.info,
    auth: 'user',
    async handler({ context: { settings } }): Promise<ChainInfoData> {
      const { payments } = settings;
      return {
        chain_id: settings.chain.id,
        treasury: settings.chain.treasury,
        required_confirmations: settings.chain.confirmations,
        prices: {
          ticket: wireAmount('JU', payments.ticketPrice),
          cycle: wireAmount('JU', payments.cycleAmount + payments.cycleActivationExtra),
          node: wireAmount('JU', payments.nodePrice),
          withdraw_fee: wireAmount('JU', settings.withdraw.JU.fee),
        },
      };
    },
  }),
];
