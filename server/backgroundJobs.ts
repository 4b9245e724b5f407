// The server's own timers: each area's background jobs (its area.ts, `jobs`), assembled by
// areas.ts. Each run is counted by the job metrics (runs, failures, lag: GET /metrics), and a
// failed run is logged and tried again at the next tick.
import type { FastifyBaseLogger } from 'fastify';
import type { BackgroundJob } from './backgroundJob.ts';
import type { ServerContext } from './context.ts';

export interface BackgroundJobs {
  /** Stops the timers and waits for runs under way. */
  stop(): Promise<void>;
}

export async function startBackgroundJobs(
  context: ServerContext,
  log: FastifyBaseLogger,
  jobs: readonly BackgroundJob[],
): Promise<BackgroundJobs> {
  const { metrics, settings } = context;
  const timers: NodeJS.Timeout[] = [];
  const running = new Map<string, Promise<void>>();

  /** Runs `job` now; a run still under way is waited for, never doubled. */
  const runJob = (job: BackgroundJob): Promise<void> => {
    const previous = running.get(job.name);
    if (previous) return previous;
    const run = metrics.jobs
      .run(job.name, () => job.run(context, log))
      .then(
        () => undefined,
        (error: unknown) => log.error({ err: error }, job.logAs ?? job.name.replaceAll('_', ' ')),
      )
      .finally(() => running.delete(job.name));
    running.set(job.name, run);
    return run;
  };

  for (const job of jobs) {
    const intervalMs = job.intervalMs(settings);
    if (intervalMs === null) continue;
    metrics.jobs.schedule(job.name, intervalMs);
    const timer = setInterval(() => void runJob(job), intervalMs);
    timer.unref();
    timers.push(timer);
    if (job.runAtStart) await runJob(job);
  }

  return {
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await Promise.all(running.values());
    },
  };
}
