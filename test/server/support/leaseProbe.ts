// A scheduled job the multi-process tests tick by hand (RunningServer.runJob): its timer is an
// hour, so it never fires during a test. Each server gets its own copy, with its own `run`.
import type { BackgroundJob } from '../../../server/backgroundJob.ts';

export const LEASE_PROBE_JOB = 'lease_probe';
export const LEASE_PROBE_INTERVAL_MS = 60 * 60_000;

export function leaseProbeJob(run: () => Promise<unknown>): BackgroundJob {
  return { name: LEASE_PROBE_JOB, intervalMs: () => LEASE_PROBE_INTERVAL_MS, run };
}
