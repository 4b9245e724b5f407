// The server's own timers: sweeping expired sessions and unused card uploads, the ledger
// check, and the chain jobs (chain/jobs.ts). Each run is counted by the job metrics (runs,
// failures, lag: GET /metrics), and a failed run is logged and tried again at the next tick.
import type { FastifyBaseLogger } from 'fastify';
import { deleteExpiredSessions } from './auth/sessions.ts';
import { cardContext } from './card/cardContext.ts';
import { sweepUploads, UPLOAD_SWEEP_INTERVAL_MS } from './card/uploads.ts';
import { startChainJobs } from './chain/jobs.ts';
import type { ServerContext } from './context.ts';
import { checkLedger } from './ledger/check.ts';

const SESSION_SWEEP_INTERVAL_MS = 60 * 60_000;

export interface BackgroundJobs {
  /** Stops the timers and waits for runs under way. */
  stop(): Promise<void>;
}

export async function startBackgroundJobs(
  context: ServerContext,
  log: FastifyBaseLogger,
): Promise<BackgroundJobs> {
  const { db, metrics, settings } = context;
  const timers: NodeJS.Timeout[] = [];
  const running = new Map<string, Promise<void>>();

  /** Runs `work` as `job` now; a run still under way is waited for, never doubled. */
  const runJob = (job: string, work: () => Promise<unknown>): Promise<void> => {
    const previous = running.get(job);
    if (previous) return previous;
    const run = metrics.jobs
      .run(job, work)
      .then(
        () => undefined,
        (error: unknown) => log.error({ err: error }, job.replaceAll('_', ' ')),
      )
      .finally(() => running.delete(job));
    running.set(job, run);
    return run;
  };
  const every = (job: string, intervalMs: number, work: () => Promise<unknown>) => {
    metrics.jobs.schedule(job, intervalMs);
    const timer = setInterval(() => void runJob(job, work), intervalMs);
    timer.unref();
    timers.push(timer);
  };

  every('session_sweep', SESSION_SWEEP_INTERVAL_MS, () => deleteExpiredSessions(db, context.now()));
  // Expired upload slots and identity photos never used by a holder go on start and then
  // regularly, whether or not their user comes back.
  const sweepCardUploads = () => sweepUploads(cardContext(context), context.now());
  every('card_upload_sweep', UPLOAD_SWEEP_INTERVAL_MS, sweepCardUploads);
  await runJob('card_upload_sweep', sweepCardUploads);
  if (settings.operations.ledgerCheckMs > 0) {
    every('ledger_check', settings.operations.ledgerCheckMs, async () => {
      const report = await checkLedger(db);
      metrics.ledgerChecked(report.problems.length);
      if (report.problems.length > 0)
        log.error({ problems: report.problems }, 'ledger check found problems');
    });
  }
  const chainJobs = startChainJobs(context, log);

  return {
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await chainJobs.stop();
      await Promise.all(running.values());
    },
  };
}
