// The server's background jobs (chain jobs, session and upload sweeps, the ledger check):
// how often each ran, failed or was left to another process, how long it took, and how far
// behind its schedule it is. The lag is what an alert watches: a job that fails every time, or hangs, or no longer
// runs at all, falls behind by one more second every second.
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

export interface JobMetrics {
  /** `job` runs every `intervalMs`: its lag is reported from now on. */
  schedule(job: string, intervalMs: number): void;
  /** Runs one run of `job`, counted, timed, and a failure counted as one. */
  run<T>(job: string, work: () => Promise<T>): Promise<T>;
  /**
   * A tick of `job` left to another process (running it, or it ran within the interval): the
   * job is on time here too.
   */
  skipped(job: string): void;
}

export function createJobMetrics(registers: Registry[], now: () => Date): JobMetrics {
  const runs = new Counter({
    name: 'ju_job_runs_total',
    help: 'Runs of a background job, failed ones included',
    labelNames: ['job'],
    registers,
  });
  const failures = new Counter({
    name: 'ju_job_failures_total',
    help: 'Runs of a background job that failed',
    labelNames: ['job'],
    registers,
  });
  const skips = new Counter({
    name: 'ju_job_skipped_total',
    help: 'Ticks of a background job left to another server process (PostgreSQL)',
    labelNames: ['job'],
    registers,
  });
  const duration = new Histogram({
    name: 'ju_job_duration_seconds',
    help: 'How long a run of a background job took',
    labelNames: ['job'],
    buckets: [0.01, 0.1, 0.5, 1, 5, 15, 60, 300],
    registers,
  });
  const lastSuccess = new Gauge({
    name: 'ju_job_last_success_timestamp_seconds',
    help: 'When a background job last finished without failing (0: not yet)',
    labelNames: ['job'],
    registers,
  });
  // Per scheduled job: its interval, and since when it is counted as on time.
  const scheduled = new Map<string, { intervalMs: number; onTimeSince: number }>();
  new Gauge({
    name: 'ju_job_lag_seconds',
    help: 'How far a scheduled job is behind: time since it last succeeded (or the server started) beyond its interval',
    labelNames: ['job'],
    registers,
    collect() {
      const time = now().getTime();
      for (const [job, { intervalMs, onTimeSince }] of scheduled)
        this.set({ job }, Math.max(0, time - onTimeSince - intervalMs) / 1000);
    },
  });

  return {
    schedule(job, intervalMs) {
      scheduled.set(job, { intervalMs, onTimeSince: now().getTime() });
      runs.inc({ job }, 0);
      failures.inc({ job }, 0);
      skips.inc({ job }, 0);
    },
    skipped(job) {
      skips.inc({ job });
      const schedule = scheduled.get(job);
      if (schedule) schedule.onTimeSince = Math.max(schedule.onTimeSince, now().getTime());
    },
    async run(job, work) {
      const end = duration.startTimer({ job });
      runs.inc({ job });
      try {
        const result = await work();
        const time = now().getTime();
        lastSuccess.set({ job }, time / 1000);
        const schedule = scheduled.get(job);
        if (schedule) schedule.onTimeSince = Math.max(schedule.onTimeSince, time);
        return result;
      } catch (error) {
        failures.inc({ job });
        throw error;
      } finally {
        end();
      }
    },
  };
}
