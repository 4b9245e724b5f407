// Load shedding: when the event loop lags (every request waits that long before any of its
// code runs), new requests are refused at once with 503 and Retry-After rather than queued
// behind the ones already late; a client or balancer tries again, maybe on another process.
// The lag is the mean delay of Node's event-loop timer over the last sample
// (MAX_EVENT_LOOP_LAG_MS); health, readiness and metrics are always answered, so a busy
// moment neither drains every process nor blinds monitoring.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { DomainError } from '../domainError.ts';

/** How often the lag is taken: each sample is the mean over this long. */
export const EVENT_LOOP_SAMPLE_MS = 1000;
/** What a refused client is told to wait: a sample and then some. */
export const SHED_RETRY_AFTER_SECONDS = 2;
// Node's timer fires this often; a delay below it is no lag.
const RESOLUTION_MS = 10;

export interface EventLoopMonitor {
  /** The mean lag over the last sample, in milliseconds. */
  readonly lagMs: number;
  stop(): void;
}

export function monitorEventLoop(): EventLoopMonitor {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  let lagMs = 0;
  const timer = setInterval(() => {
    // No timer sample since the last: too little time has passed to tell anything new.
    if (histogram.count > 0) lagMs = Math.max(0, histogram.mean / 1e6 - RESOLUTION_MS);
    histogram.reset();
  }, EVENT_LOOP_SAMPLE_MS);
  timer.unref();
  return {
    get lagMs() {
      return lagMs;
    },
    stop() {
      clearInterval(timer);
      histogram.disable();
    },
  };
}

/** Whether the loop lags past `maxLagMs` (0: never shed). */
export function isOverloaded(monitor: EventLoopMonitor, maxLagMs: number): boolean {
  return maxLagMs > 0 && monitor.lagMs > maxLagMs;
}

/** The refusal of a request while overloaded: 503 with Retry-After. */
export function serverBusy(): DomainError {
  return new DomainError('server_busy', {
    data: { retry_after_seconds: SHED_RETRY_AFTER_SECONDS },
  });
}
