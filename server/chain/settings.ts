// Settings of the features paid on chain; every figure defaults to the spec's value (§9)
// where the spec gives one. The chain area declares them (area.ts); settings.ts reads them
// with the other areas', through config.ts's readers so every setting reports a bad value
// the same way.
import type { SettingReaders } from '../config.ts';

declare module '../config.ts' {
  interface AreaSettings {
    /** Prices and schedules of what is paid on chain. */
    payments: PaymentSettings;
  }
}

export interface PaymentSettings {
  /** The poll of pending payments and due cycles, in milliseconds. */
  pollMs: number;
  /**
   * A payment the node stops knowing (dropped from its pool) and that nothing replaced is
   * rejected (payment_not_found) after this.
   */
  paymentTimeoutMs: number;
  /** How many pending payments one run of the job looks at, least recently checked first. */
  recheckBatch: number;
  /** All amounts in JU units (6 decimals). */
  ticketPrice: bigint;
  ticketIdleMs: number;
  cycleAmount: bigint;
  cycleActivationExtra: bigint;
  cyclePrincipalReturn: bigint;
  cycleProfit: bigint;
  cycleMs: number;
  nodePrice: bigint;
  nodeSupply: number;
  nodePerUserLimit: number;
  nodePower: number;
  nodeQuoteMs: number;
  /**
   * A payment on chain handed in this long after the quote still counts (the wallet may be
   * slow to send), if the supply still has the nodes. Paying from the balance is not given
   * this grace.
   */
  nodeChainPayGraceMs: number;
  /** JU released per JU of historical balance, in millionths. */
  releaseExchangeRate: bigint;
  /** Percent of the release total per period, in millionths of a percent. */
  releasePercentPerPeriod: bigint;
  releasePeriodMs: number;
}

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export function readPaymentSettings(read: SettingReaders): PaymentSettings {
  return {
    pollMs: read.integer('CHAIN_POLL_SECONDS', 5, 1, 3600) * SECOND_MS,
    paymentTimeoutMs: read.integer('CHAIN_PAYMENT_TIMEOUT_MINUTES', 60, 1, 7 * 24 * 60) * MINUTE_MS,
    recheckBatch: read.integer('CHAIN_RECHECK_BATCH', 500, 1, 100_000),
    ticketPrice: read.units('TICKET_PRICE', '60'),
    ticketIdleMs: read.integer('TICKET_IDLE_DAYS', 3, 1, 3650) * DAY_MS,
    cycleAmount: read.units('CYCLE_AMOUNT', '90'),
    cycleActivationExtra: read.units('CYCLE_ACTIVATION_EXTRA', '0.6'),
    cyclePrincipalReturn: read.units('CYCLE_PRINCIPAL_RETURN', '90.6'),
    cycleProfit: read.units('CYCLE_PROFIT', '1.8'),
    cycleMs: read.integer('CYCLE_HOURS', 25, 1, 24 * 365) * HOUR_MS,
    nodePrice: read.units('NODE_PRICE', '500'),
    nodeSupply: read.integer('NODE_SUPPLY', 1000, 0, 1_000_000_000),
    nodePerUserLimit: read.integer('NODE_PER_USER_LIMIT', 10, 1, 1_000_000),
    nodePower: read.integer('NODE_POWER', 100, 0, 1_000_000_000),
    nodeQuoteMs: read.integer('NODE_QUOTE_MINUTES', 5, 1, 24 * 60) * MINUTE_MS,
    nodeChainPayGraceMs: read.integer('NODE_CHAIN_PAY_GRACE_MINUTES', 30, 0, 24 * 60) * MINUTE_MS,
    releaseExchangeRate: read.units('RELEASE_EXCHANGE_RATE', '1'),
    releasePercentPerPeriod: read.units('RELEASE_PERCENT_PER_PERIOD', '1'),
    releasePeriodMs: read.integer('RELEASE_PERIOD_HOURS', 24, 1, 24 * 365) * HOUR_MS,
  };
}
