// What a payment purpose does when the chain decides one of its payments. Each area that takes
// payments on chain exports its handler (its area.ts lists it under `paymentPurposes`); the
// registry (server/areas.ts) assembles them, and the deciders (payments.ts, recheck.ts) are
// handed the assembled map, so no file here needs to know which areas exist.
import type { PaymentPurpose } from '../../contract/api/chain.ts';
import type { ServerSettings } from '../config.ts';
import type { AppDatabase } from '../db/database.ts';
import type { ChainPaymentRow } from '../db/schemaChain.ts';

/** What a purpose may read while it acts: the clock and the settings (never the request). */
export interface DecisionContext {
  readonly settings: ServerSettings;
  readonly now: () => Date;
}

/** Runs inside the deciding transaction, once per payment. */
export interface PurposeHandler {
  onConfirmed(trx: AppDatabase, payment: ChainPaymentRow, context: DecisionContext): Promise<void>;
  onRejected(trx: AppDatabase, payment: ChainPaymentRow, context: DecisionContext): Promise<void>;
}

export type PurposeHandlers = Readonly<Record<PaymentPurpose, PurposeHandler>>;
