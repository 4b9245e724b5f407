// The background work of payments on the chain, every CHAIN_POLL_SECONDS: re-check pending
// payments, then the work other areas list as falling due with the clock (paying due cycles,
// expiring unpaid node orders: hooks/dueWork.ts). Its state is only rows in the
// database, so a restart loses nothing; every step is a guarded update, so two runs (an
// operator's `chain run-jobs` next to the timer) do nothing twice. Server processes sharing
// a PostgreSQL database take turns on the timer's runs (backgroundJobs.ts), so the chain is
// asked once per interval, not once per process; an operator's run runs at once, wherever.
import type { BackgroundJob } from '../backgroundJob.ts';
import type { ServerContext } from '../context.ts';
import type { ChainJobsData } from '../admin/contractChain.ts';
import { recheckPendingPayments } from './recheck.ts';

/** The chain jobs' name in GET /metrics. */
const CHAIN_JOB = 'chain';

/** One run per context at a time: a second caller waits for the run under way, then runs. */
const running = new WeakMap<ServerContext, Promise<unknown>>();

function oneAtATime(context: ServerContext, run: () => Promise<ChainJobsData>) {
  const previous = running.get(context) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(run);
  running.set(context, next);
  return next;
}

/**
 * One run of the jobs asked for by the operator (counted like the timer's). `asOf`, on a
 * development chain only, decides what is due as if it were then (a demo's clock travel);
 * what the run records — payouts, money log entries — is dated now, never in the future.
 */
export function runChainJobs(context: ServerContext, asOf?: Date): Promise<ChainJobsData> {
  return oneAtATime(context, () =>
    context.metrics.jobs.run(CHAIN_JOB, () => runOnce(context, asOf ?? context.now())),
  );
}

async function runOnce(context: ServerContext, asOf: Date): Promise<ChainJobsData> {
  const report: Record<string, number> = {
    decided_payments: await recheckPendingPayments(context, context.areas.paymentPurposes),
  };
  for (const work of context.areas.dueWork) Object.assign(report, await work.run(context, asOf));
  return report as ChainJobsData;
}

/** The timer's runs, every CHAIN_POLL_SECONDS; without a treasury nothing is paid on chain. */
export const chainJob: BackgroundJob = {
  name: CHAIN_JOB,
  logAs: 'chain jobs',
  intervalMs: (settings) => (settings.chain.treasury ? settings.payments.pollMs : null),
  run: (context) => oneAtATime(context, () => runOnce(context, context.now())),
};
