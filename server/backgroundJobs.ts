// The server's own timers: each area's background jobs (its area.ts, `jobs`), assembled by
// areas.ts. Each run is counted by the job metrics (runs, failures, lag: GET /metrics), and a
// failed run is logged and tried again at the next tick. On PostgreSQL the processes sharing
// the database run each job once between them (db/jobRuns.ts): a tick whose run another
// process has under way, or made within the last interval, is skipped (and counted as such).
import type { FastifyBaseLogger } from 'fastify';
import type { BackgroundJob } from './backgroundJob.ts';
import type { ServerContext } from './context.ts';
import { jobRunsFor } from './db/jobRuns.ts';

/** What one tick of a job did. */
export type JobOutcome = 'ran' | 'skipped' | 'failed';

export interface BackgroundJobs {
  /** Ticks the scheduled job `name` now, as its timer does; a run under way is waited for. */
  runNow(name: string): Promise<JobOutcome>;
  /** Stops the timers and waits for runs under way. */
  stop(): Promise<void>;
}

/**
 * A tick this soon after another process's run is skipped: a little under the interval, as
 * timers on different processes never tick exactly an interval apart.
 */
const SPACING_SHARE = 0.9;

export async function startBackgroundJobs(
  context: ServerContext,
  log: FastifyBaseLogger,
  jobs: readonly BackgroundJob[],
): Promise<BackgroundJobs> {
  const { metrics, settings } = context;
  const jobRuns = jobRunsFor(context.db);
  const timers: NodeJS.Timeout[] = [];
  const running = new Map<string, Promise<JobOutcome>>();
  const scheduled = new Map<string, { job: BackgroundJob; intervalMs: number }>();

  /** Runs `job` now; a run still under way is waited for, never doubled. */
  const runJob = (job: BackgroundJob, intervalMs: number): Promise<JobOutcome> => {
    const previous = running.get(job.name);
    if (previous) return previous;
    const run = jobRuns
      .runOnce(job.name, intervalMs * SPACING_SHARE, context.now(), () =>
        metrics.jobs.run(job.name, () => job.run(context, log)),
      )
      .then(
        (claimed): JobOutcome => {
          if (claimed.ran) return 'ran';
          metrics.jobs.skipped(job.name);
          return 'skipped';
        },
        (error: unknown): JobOutcome => {
          log.error({ err: error }, job.logAs ?? job.name.replaceAll('_', ' '));
          return 'failed';
        },
      )
      .finally(() => running.delete(job.name));
    running.set(job.name, run);
    return run;
  };

  for (const job of jobs) {
    const intervalMs = job.intervalMs(settings);
    if (intervalMs === null) continue;
    scheduled.set(job.name, { job, intervalMs });
    metrics.jobs.schedule(job.name, intervalMs);
    const timer = setInterval(() => void runJob(job, intervalMs), intervalMs);
    timer.unref();
    timers.push(timer);
    if (job.runAtStart) await runJob(job, intervalMs);
  }

  return {
    runNow(name) {
      const entry = scheduled.get(name);
      if (!entry) return Promise.reject(new Error(`No scheduled job ${name}`));
      return runJob(entry.job, entry.intervalMs);
    },
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await Promise.all(running.values());
    },
  };
}
