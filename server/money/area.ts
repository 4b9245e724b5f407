// Money in the app: balances and the money log, ticket transfers between users, withdrawals
// (with the JU fee paid on chain), and the deposits the operator credits.
import type { ServerArea } from '../area.ts';
import { adminMoneyRoutes } from './adminRoutes.ts';
import { DEPOSIT_TRANSFER_KIND } from './deposits.ts';
import { TICKET_TRANSFER_KIND } from './ticketTransfers.ts';
import { transferRoutes } from './transferRoutes.ts';
import { walletRoutes } from './walletRoutes.ts';
import { withdrawFeePaymentHandler } from './withdrawFee.ts';
import { WITHDRAW_TRANSFER_KIND } from './withdrawals.ts';
import { withdrawRoutes } from './withdrawRoutes.ts';

export const moneyArea: ServerArea = {
  name: 'money',
  routes: [...walletRoutes, ...transferRoutes, ...withdrawRoutes, ...adminMoneyRoutes],
  transferKinds: [
    DEPOSIT_TRANSFER_KIND,
    TICKET_TRANSFER_KIND,
    ...Object.values(WITHDRAW_TRANSFER_KIND),
  ],
  paymentPurposes: { withdraw_fee: withdrawFeePaymentHandler },
  moneyLogTypes: {
    deposit: { kind: DEPOSIT_TRANSFER_KIND },
    transfer_out: { kind: TICKET_TRANSFER_KIND, sign: 'negative', userMemo: true },
    transfer_in: { kind: TICKET_TRANSFER_KIND, sign: 'positive', userMemo: true },
    withdraw: { kind: WITHDRAW_TRANSFER_KIND.reserve },
    withdraw_refund: { kind: WITHDRAW_TRANSFER_KIND.void },
  },
};
