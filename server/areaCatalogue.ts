// What the areas contribute that other areas' code needs at run time, assembled by the
// registry (areas.ts) and handed down in the server context: the money log reads every
// area's transfers, the chain decides every area's payments. Only types here, so the domain
// can use them without knowing which areas exist.
import type { PurposeHandlers } from './chain/purposeHandler.ts';
import type { MoneyLogSources } from './money/moneyLogSources.ts';

export interface AreaCatalogue {
  /** Every ledger transfer kind some area posts, each once. */
  readonly transferKinds: readonly string[];
  /** Who acts when the chain decides a payment, by what it paid for. */
  readonly paymentPurposes: PurposeHandlers;
  /** Which transfers show in the money log, as which type. */
  readonly moneyLogSources: MoneyLogSources;
}
