// Whether this process should get traffic (GET /readyz). Required: the database answers
// within READY_TIMEOUT_MS and has run every migration this server knows; the process is not
// shutting down. Not required: the chain node. Every process shares the same node, and
// while it is away only payments wait (the app keeps a sent payment's hash and hands it in
// again), so a balancer draining every process for it would take the whole wallet down:
// the answer is then 200 `degraded`, naming the chain. The event-loop lag is reported, never
// judged: a busy moment must not drain every process at once.
import { createPublicClient, http, type PublicClient } from 'viem';
import type { ChainSettings } from '../config.ts';
import type { OpenedDatabase } from '../db/database.ts';
import { EXPECTED_MIGRATIONS, missingMigrations } from '../db/migrate.ts';

/** How long a dependency may take to answer before it counts as down. */
export const READY_TIMEOUT_MS = 2000;
/** The chain's answer is reused this long: probes must not turn into a stream of RPC calls. */
const CHAIN_CHECK_REUSE_MS = 5000;

export type ReadyStatus = 'ready' | 'degraded' | 'not_ready' | 'stopping';

export interface ReadinessReport {
  status: ReadyStatus;
  checks?: {
    database: { status: 'up' | 'down'; reason?: 'timeout' | 'error'; ms?: number };
    migrations: {
      status: 'current' | 'behind' | 'unknown';
      expected: number;
      missing?: string[];
    };
    chain: { status: 'up' | 'down' | 'off'; reason?: 'timeout' | 'error' | 'wrong_chain' };
    event_loop: { lag_ms: number };
  };
}

export interface ReadinessSources {
  db: OpenedDatabase;
  chain: ChainSettings;
  stopping(): boolean;
  eventLoopLagMs(): number;
  /** Told once when a dependency goes down and once when it is back. */
  log(change: { dependency: string; up: boolean; error?: unknown }): void;
}

type Outcome<T> =
  { ok: true; value: T; ms: number } | { ok: false; reason: 'timeout' | 'error'; error?: unknown };

export function createReadiness(sources: ReadinessSources): () => Promise<ReadinessReport> {
  // Probes arriving while the query is under way share it: a hung database holds one query,
  // however many probes time out on it.
  let databaseQuery: Promise<string[]> | null = null;
  let chainCheck: { at: number; outcome: Promise<Outcome<number>> } | null = null;
  const wasUp = new Map<string, boolean>();
  const note = (dependency: string, up: boolean, error?: unknown) => {
    const before = wasUp.get(dependency);
    // Up from the first probe on is no news.
    if (before !== up && (before !== undefined || !up)) sources.log({ dependency, up, error });
    wasUp.set(dependency, up);
  };

  const checkDatabase = () =>
    timed(
      () =>
        (databaseQuery ??= missingMigrations(sources.db.kysely).finally(() => {
          databaseQuery = null;
        })),
    );
  const checkChain = () => {
    const time = performance.now();
    if (!chainCheck || time - chainCheck.at > CHAIN_CHECK_REUSE_MS)
      chainCheck = {
        at: time,
        outcome: timed(() => chainClient(sources.chain.rpcUrl).getChainId()),
      };
    return chainCheck.outcome;
  };

  return async () => {
    if (sources.stopping()) return { status: 'stopping' };
    const paysOnChain = sources.chain.treasury !== null;
    const [database, chain] = await Promise.all([
      checkDatabase(),
      paysOnChain ? checkChain() : null,
    ]);
    // Shutdown may have begun while the checks ran.
    if (sources.stopping()) return { status: 'stopping' };
    note('database', database.ok, database.ok ? undefined : database.error);
    const missing = database.ok ? database.value : null;
    const chainUp = chain === null || (chain.ok && chain.value === sources.chain.id);
    if (chain) note('chain', chainUp, chain.ok ? undefined : chain.error);
    const checks: NonNullable<ReadinessReport['checks']> = {
      database: database.ok
        ? { status: 'up', ms: round(database.ms) }
        : { status: 'down', reason: database.reason },
      migrations:
        missing === null
          ? { status: 'unknown', expected: EXPECTED_MIGRATIONS }
          : missing.length === 0
            ? { status: 'current', expected: EXPECTED_MIGRATIONS }
            : { status: 'behind', expected: EXPECTED_MIGRATIONS, missing },
      chain:
        chain === null
          ? { status: 'off' }
          : chainUp
            ? { status: 'up' }
            : { status: 'down', reason: chain.ok ? 'wrong_chain' : chain.reason },
      event_loop: { lag_ms: round(sources.eventLoopLagMs()) },
    };
    const required = database.ok && missing !== null && missing.length === 0;
    return { status: !required ? 'not_ready' : chainUp ? 'ready' : 'degraded', checks };
  };
}

/** The work's value and time, or why it gave none within READY_TIMEOUT_MS. Never throws. */
function timed<T>(work: () => Promise<T>): Promise<Outcome<T>> {
  const start = performance.now();
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ ok: false, reason: 'timeout' }), READY_TIMEOUT_MS);
    work()
      .then(
        (value) => resolve({ ok: true, value, ms: performance.now() - start }),
        (error: unknown) => resolve({ ok: false, reason: 'error', error }),
      )
      .finally(() => clearTimeout(timer));
  });
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}

// A client of its own: one try, a short timeout (the payment path's client retries and waits).
const clients = new Map<string, PublicClient>();

function chainClient(rpcUrl: string): PublicClient {
  let client = clients.get(rpcUrl);
  if (!client) {
    client = createPublicClient({
      transport: http(rpcUrl, { timeout: READY_TIMEOUT_MS, retryCount: 0 }),
    }) as PublicClient;
    clients.set(rpcUrl, client);
  }
  return client;
}
