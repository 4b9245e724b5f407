// The background work of payments on the chain, every CHAIN_POLL_SECONDS: re-check pending
// payments, pay due cycles, expire unpaid node orders. Its state is only rows in the
// database, so a restart loses nothing; every step is a guarded update, so two runs (an
// operator's `chain run-jobs` next to the timer, or two server processes) do nothing twice.
import type { FastifyBaseLogger } from 'fastify';
import type { ServerContext } from '../context.ts';
import { payDueCycles } from '../cycle/cycles.ts';
import { expireNodeOrders } from '../node/nodes.ts';
import { recheckPendingPayments } from './recheck.ts';
import { purposeHandlers } from './purposes.ts';

/** The chain jobs' name in GET /metrics. */
const CHAIN_JOB = 'chain';

export interface ChainJobReport {
  decided_payments: number;
  paid_cycles: number;
  waiting_cycles: number;
  expired_orders: number;
}

/** One run per context at a time: a second caller waits for the run under way, then runs. */
const running = new WeakMap<ServerContext, Promise<unknown>>();

/** One run of the jobs, on the timer or asked for by the operator (counted alike). */
export function runChainJobs(context: ServerContext): Promise<ChainJobReport> {
  const previous = running.get(context) ?? Promise.resolve();
  const run = previous
    .catch(() => undefined)
    .then(() => context.metrics.jobs.run(CHAIN_JOB, () => runOnce(context)));
  running.set(context, run);
  return run;
}

async function runOnce(context: ServerContext): Promise<ChainJobReport> {
  const decided = await recheckPendingPayments(context, purposeHandlers);
  const cycles = await payDueCycles(context);
  const expired = await expireNodeOrders(context);
  return {
    decided_payments: decided,
    paid_cycles: cycles.paid,
    waiting_cycles: cycles.waiting,
    expired_orders: expired,
  };
}

export function startChainJobs(
  context: ServerContext,
  log: FastifyBaseLogger,
): { stop(): Promise<void> } {
  // Without a treasury nothing is paid on chain, so there is nothing to watch.
  if (!context.settings.chain.treasury) return { stop: async () => {} };
  context.metrics.jobs.schedule(CHAIN_JOB, context.settings.payments.pollMs);
  const timer = setInterval(() => {
    runChainJobs(context).catch((error: unknown) => log.error({ err: error }, 'chain jobs'));
  }, context.settings.payments.pollMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running.get(context)?.catch(() => undefined);
    },
  };
}
