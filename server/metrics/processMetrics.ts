// Metrics of the whole process: its CPU, memory and event loop (prom-client's defaults), and
// what code deep below the routes counts without a server at hand (database queries, money
// operations). One set per process, shared by every server it runs (tests start several).
import { collectDefaultMetrics, Counter, Registry } from 'prom-client';
import { queryDuration } from '../db/queryStats.ts';

/** Outcomes of a money operation (money/moneyOperation.ts). */
export type MoneyOutcome = 'posted' | 'replayed' | 'refused' | 'failed';

export const moneyOperations = new Counter({
  name: 'ju_money_operations_total',
  help: 'Money operations by kind: posted, replayed (same idempotency key), refused by a rule, failed (server fault)',
  labelNames: ['kind', 'outcome'],
  registers: [],
});

let registry: Registry | undefined;

export function processRegistry(): Registry {
  if (!registry) {
    registry = new Registry();
    collectDefaultMetrics({ register: registry });
    registry.registerMetric(queryDuration);
    registry.registerMetric(moneyOperations);
  }
  return registry;
}
