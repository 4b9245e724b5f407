// The card service: holders, addresses, applications, cards and recharges, and the operator's
// side of them; unused identity photos are swept on start and then regularly. One route file
// per resource (…Routes.ts), the user's and the operator's endpoints side by side.
import type { ServerArea } from '../area.ts';
import { addressRoutes } from './addressRoutes.ts';
import { applicationRoutes } from './applicationRoutes.ts';
import { cardContext } from './cardContext.ts';
import { cardRoutes } from './cardRoutes.ts';
import { holderRoutes } from './holderRoutes.ts';
import { infoRoutes } from './infoRoutes.ts';
import { rechargeRoutes } from './rechargeRoutes.ts';
import { recordRoutes } from './recordRoutes.ts';
import { readCardSettings } from './settings.ts';
import { CARD_TRANSFER_KIND } from './transferKinds.ts';
import { CARD_UPLOAD_LOG_PREFIX, registerCardUpload, uploadRoutes } from './uploadRoutes.ts';
import { sweepUploads, UPLOAD_SWEEP_INTERVAL_MS } from './uploads.ts';

export const cardArea: ServerArea = {
  name: 'card',
  routes: [
    ...infoRoutes,
    ...uploadRoutes,
    ...holderRoutes,
    ...addressRoutes,
    ...applicationRoutes,
    ...cardRoutes,
    ...rechargeRoutes,
    ...recordRoutes,
  ],
  // Photo bytes are PUT to a URL with a secret token: a raw body, in a scope of its own.
  registerOutsideRouteTable: registerCardUpload,
  secretPathPrefixes: [CARD_UPLOAD_LOG_PREFIX],
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
