// What the areas contribute that other areas' code needs at run time, assembled by the
// registry (areas.ts) and handed down in the server context: the money log reads every
// area's transfers, the chain decides every area's payments. Only types here, so the domain
// can use them without knowing which areas exist.
import type { PurposeHandlers } from './hooks/purposeHandler.ts';
import type { DueWork } from './hooks/dueWork.ts';
import type { MoneyLogSources } from './hooks/moneyLogSources.ts';

/** `Context` is the server context (context.ts), named there so that this file need not import it. */
export interface AreaCatalogue<Context> {
  /** Every ledger transfer kind some area posts, each once. */
  readonly transferKinds: readonly string[];
  /** Who acts when the chain decides a payment, by what it paid for. */
  readonly paymentPurposes: PurposeHandlers;
  /** Which transfers show in the money log, as which type. */
  readonly moneyLogSources: MoneyLogSources;
  /** What falls due with the clock, in the registry's order of the areas. */
  readonly dueWork: readonly DueWork<Context>[];
}
