// Payments on the chain: following them, and JU that reached the treasury for something
// refused, credited to the balance.
import type { ServerArea } from '../area.ts';
import { adminChainRoutes } from './adminRoutes.ts';
import { balanceCreditPaymentHandler, PAYMENT_CREDIT_TRANSFER_KIND } from './balanceCredit.ts';
import { chainJob } from './jobs.ts';
import { chainRoutes } from './routes.ts';
import { readPaymentSettings } from './settings.ts';

export const chainArea: ServerArea = {
  name: 'chain',
  routes: [...chainRoutes, ...adminChainRoutes],
  transferKinds: [PAYMENT_CREDIT_TRANSFER_KIND],
  paymentPurposes: {
    balance_credit: balanceCreditPaymentHandler,
  },
  moneyLogTypes: { payment_credit: { kind: PAYMENT_CREDIT_TRANSFER_KIND } },
  jobs: [chainJob],
  settings: (read) => ({ payments: readPaymentSettings(read) }),
};
