// A timer an area runs in the background (its area.ts lists it under `jobs`);
// backgroundJobs.ts runs them all, counted by the job metrics (GET /metrics).
import type { FastifyBaseLogger } from 'fastify';
import type { ServerSettings } from './config.ts';
import type { ServerContext } from './context.ts';

export interface BackgroundJob {
  /** Its name in GET /metrics. */
  readonly name: string;
  /** What a failed run is logged as; the name with spaces when not given. */
  readonly logAs?: string;
  /** How often it runs with these settings; null when it does not run at all. */
  intervalMs(settings: ServerSettings): number | null;
  /** Also run once at start-up, before the server says it has started. */
  readonly runAtStart?: boolean;
  run(context: ServerContext, log: FastifyBaseLogger): Promise<unknown>;
}
