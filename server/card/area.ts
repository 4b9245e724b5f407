// The card service: holders, addresses, applications, cards and recharges, and the operator's
// side of them; unused identity photos are swept on start and then regularly.
import type { ServerArea } from '../area.ts';
import { adminCardRoutes } from './adminRoutes.ts';
import { cardContext } from './cardContext.ts';
import { cardServiceRoutes } from './routes.ts';
import { readCardSettings } from './settings.ts';
import { CARD_TRANSFER_KIND } from './transferKinds.ts';
import { sweepUploads, UPLOAD_SWEEP_INTERVAL_MS } from './uploads.ts';

export const cardArea: ServerArea = {
  name: 'card',
  routes: [...cardServiceRoutes, ...adminCardRoutes],
  transferKinds: Object.values(CARD_TRANSFER_KIND),
  moneyLogTypes: {
    card_fee: { kind: CARD_TRANSFER_KIND.applicationFee },
    card_fee_refund: { kind: CARD_TRANSFER_KIND.applicationRefund, userMemo: true },
    card_recharge: { kind: CARD_TRANSFER_KIND.recharge },
    card_recharge_refund: { kind: CARD_TRANSFER_KIND.rechargeRefund, userMemo: true },
    card_balance_return: { kind: CARD_TRANSFER_KIND.balanceReturn },
  },
  settings: (read) => ({ card: readCardSettings(read.env, read.fail) }),
  jobs: [
    {
      name: 'card_upload_sweep',
      intervalMs: () => UPLOAD_SWEEP_INTERVAL_MS,
      // Expired upload slots and photos never used by a holder go whether or not their
      // user comes back.
      runAtStart: true,
      run: (context) => sweepUploads(cardContext(context), context.now()),
    },
  ],
};
