// Which ledger transfers show in the money log, as which type. Each area names the types its
// transfers make (its area.ts, `moneyLogTypes`); the registry (server/areas.ts) checks that
// every type of the contract has exactly one source and hands the whole map to moneyLog.ts.
import type { MoneyLogType } from '../../contract/api/wallet.ts';

export interface MoneyLogSource {
  /** The ledger transfer kind. */
  kind: string;
  /** When one kind makes two types: the sign of the user's entry that makes this one. */
  sign?: 'negative' | 'positive';
  /**
   * The transfer's memo is written for the user (a ticket transfer's note, why a card fee came
   * back); other memos are the server's own bookkeeping (order and cycle numbers, in English).
   */
  userMemo?: boolean;
}

export type MoneyLogSources = Readonly<Record<MoneyLogType, MoneyLogSource>>;
