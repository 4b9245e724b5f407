// /api/v1/chain/*: the user's own payments on chain, and what the payment screens need.
import {
  type ChainInfoData,
  type ChainPayment,
  type ChainPaymentsData,
  chainEndpoints,
} from '../../contract/api/chain.ts';
import { findPaymentByHash, paymentWire } from './payments.ts';
import { recheckPayment } from './recheck.ts';
import { readPage } from '../db/pages.ts';
import { DomainError } from '../domainError.ts';
import { defineRoute } from '../http/route.ts';
import { wireAmount } from '../../contract/money/wireAmounts.ts';

/** A pending payment the app follows is looked at on the chain again at most this often. */
const FOLLOW_RECHECK_MS = 2_000;

export const chainRoutes = [
  defineRoute({
    endpoint: chainEndpoints.payment,
    async handler({ context, user, input }): Promise<ChainPayment> {
      const mine = async () => {
        const payment = await findPaymentByHash(context.db, input.hash);
        if (!payment || payment.user_id !== user.id) throw new DomainError('chain_payment_unknown');
        return payment;
      };
      const payment = await mine();
      const checkedAgo = context.now().getTime() - Date.parse(payment.checked_at);
      if (payment.status !== 'pending' || checkedAgo < FOLLOW_RECHECK_MS)
        return paymentWire(payment, context.settings);
      // The app is following it: ask the chain now rather than wait for the job.
      await recheckPayment(context, context.areas.paymentPurposes, {
        ...payment,
        user_address: user.address,
      });
      return paymentWire(await mine(), context.settings);
    },
  }),
  defineRoute({
    endpoint: chainEndpoints.payments,
    async handler({ context, user, input }): Promise<ChainPaymentsData> {
      let query = context.db.kysely.selectFrom('chain_payments').where('user_id', '=', user.id);
      if (input.status) query = query.where('status', '=', input.status);
      const { rows, total } = await readPage(query, (q) => q.selectAll().orderBy('id', 'desc'), {
        page: input.page,
        pageSize: input.page_size,
      });
      return { total, list: rows.map((row) => paymentWire(row, context.settings)) };
    },
  }),
  defineRoute({
    endpoint: chainEndpoints.info,
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
