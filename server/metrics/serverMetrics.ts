// What GET /metrics reports for one server: its requests, refusals and background jobs,
// read from the database at scrape time (payments waiting for the chain, the connection
// pool), plus the process's own metrics (processMetrics.ts). Names and what to alert on:
// docs/operations.md, "Monitoring".
//
// An enveloped call is counted under its inner endpoint, method and status (the gateway sets
// `request.innerCall`, see http/fastifyTypes.ts); the envelope's own refusals are counted by
// reason.
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { authPaths } from '../../contract/api/auth.ts';
import type { OpenedDatabase } from '../db/database.ts';
import { createJobMetrics, type JobMetrics } from './jobMetrics.ts';
import { processRegistry } from './processMetrics.ts';
import { createRealtimeMetrics, type RealtimeMetrics } from './realtimeMetrics.ts';

export type RefusedPer = 'ip' | 'user' | 'token' | 'connection';

export interface ServerMetrics {
  readonly registry: Registry;
  readonly jobs: JobMetrics;
  /** The realtime hub's sockets and pushes. */
  readonly realtime: RealtimeMetrics;
  /** One answered request: its route pattern (never the raw URL), method and status. */
  recordRequest(route: string, method: string, status: number, elapsedMs: number): void;
  /** A request or connection refused by a rate limit (the setting's name, e.g. `login`). */
  rateLimitRefused(limit: string, per: RefusedPer): void;
  /** A request refused because the event loop lagged. */
  loadShed(): void;
  /** A sealed request refused by the envelope itself (its refusal code, e.g. `replayed`). */
  envelopeRefused(reason: string): void;
  /** A refused request's log line left out: its address had its share of lines this minute. */
  refusalLogLineDropped(): void;
  /** The outcome of a ledger check: how many problems it found. */
  ledgerChecked(problems: number): void;
}

export interface ServerMetricsSources {
  db: OpenedDatabase;
  now: () => Date;
  /** The event-loop lag load shedding acts on, in milliseconds. */
  eventLoopLagMs: () => number;
  /** Where a failure to read a metric from the database is reported. */
  warn: (error: unknown, what: string) => void;
}

const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createServerMetrics(sources: ServerMetricsSources): ServerMetrics {
  const own = new Registry();
  const registers = [own];

  const requests = new Counter({
    name: 'ju_http_requests_total',
    help: 'Answered requests by route pattern, method and status',
    labelNames: ['route', 'method', 'status'],
    registers,
  });
  const requestDuration = new Histogram({
    name: 'ju_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by route pattern and method',
    labelNames: ['route', 'method'],
    buckets: REQUEST_BUCKETS,
    registers,
  });
  const signIns = new Counter({
    name: 'ju_sign_ins_total',
    help: 'Sign-ins (POST /api/v1/auth/login) by result: signed_in, refused, failed',
    labelNames: ['result'],
    registers,
  });
  const rateLimited = new Counter({
    name: 'ju_rate_limit_refusals_total',
    help: 'Requests (or connections) refused by a rate limit, by limit and what it counts per',
    labelNames: ['limit', 'per'],
    registers,
  });
  const shed = new Counter({
    name: 'ju_load_shed_total',
    help: 'Requests refused with 503 because the event loop lagged',
    registers,
  });
  const envelopeRefusals = new Counter({
    name: 'ju_envelope_refusals_total',
    help: 'Sealed requests refused by the envelope itself, by reason (docs/protocol.md "Request envelope" §8)',
    labelNames: ['reason'],
    registers,
  });
  const refusalLinesDropped = new Counter({
    name: 'ju_refusal_log_lines_dropped_total',
    help: 'Log lines of refused requests (4xx) left out: their client address had written its share this minute',
    registers,
  });
  new Gauge({
    name: 'ju_event_loop_lag_seconds',
    help: 'Mean event-loop delay over the last sample: what load shedding acts on',
    registers,
    collect() {
      this.set(sources.eventLoopLagMs() / 1000);
    },
  });
  const ledgerProblems = new Gauge({
    name: 'ju_ledger_check_problems',
    help: 'Broken ledger invariants found by the last ledger check (0: healthy)',
    registers,
  });
  const ledgerCheckedAt = new Gauge({
    name: 'ju_ledger_check_timestamp_seconds',
    help: 'When the last ledger check finished (0: not yet since the server started)',
    registers,
  });
  registerPaymentGauges(registers, sources);
  registerPoolGauges(registers, sources.db);
  const jobs = createJobMetrics(registers, sources.now);
  const realtime = createRealtimeMetrics(registers);

  // Each kind of request's series, looked up once: prom-client would otherwise work out the
  // labels' key (sorting their names) twice per request. Route labels are patterns, so the
  // kinds are few.
  const byRequestKind = new Map<
    string,
    { requests: { inc(): void }; duration: { observe(seconds: number): void } }
  >();
  return {
    registry: Registry.merge([processRegistry(), own]),
    jobs,
    realtime,
    recordRequest(route, method, status, elapsedMs) {
      const key = `${method} ${status} ${route}`;
      let counted = byRequestKind.get(key);
      if (!counted) {
        counted = {
          requests: requests.labels({ route, method, status }),
          duration: requestDuration.labels({ route, method }),
        };
        byRequestKind.set(key, counted);
      }
      counted.requests.inc();
      counted.duration.observe(elapsedMs / 1000);
      // Sign-ins are counted from their answers, whichever way the call came in.
      if (route === authPaths.login && method === 'POST')
        signIns.inc({ result: status === 200 ? 'signed_in' : status < 500 ? 'refused' : 'failed' });
    },
    rateLimitRefused: (limit, per) => rateLimited.inc({ limit, per }),
    loadShed: () => shed.inc(),
    envelopeRefused: (reason) => envelopeRefusals.inc({ reason }),
    refusalLogLineDropped: () => refusalLinesDropped.inc(),
    ledgerChecked(problems) {
      ledgerProblems.set(problems);
      ledgerCheckedAt.set(sources.now().getTime() / 1000);
    },
  };
}

/** Payments handed in that the chain has not decided yet, read when scraped. */
function registerPaymentGauges(registers: Registry[], sources: ServerMetricsSources): void {
  // One query serves both gauges: a scrape collects them at the same time.
  let reading: Promise<PendingByPurpose[] | null> | null = null;
  const read = () =>
    (reading ??= readPendingPayments(sources).finally(() => {
      reading = null;
    }));
  new Gauge({
    name: 'ju_chain_payments_pending',
    help: 'Payments on the chain waiting for the chain to decide, by purpose',
    labelNames: ['purpose'],
    registers,
    async collect() {
      const rows = await read();
      if (!rows) return;
      this.reset();
      for (const row of rows) this.set({ purpose: row.purpose }, row.count);
    },
  });
  new Gauge({
    name: 'ju_chain_payment_oldest_pending_age_seconds',
    help: 'How long the oldest payment still pending has waited (0: none pending)',
    registers,
    async collect() {
      const rows = await read();
      if (!rows) return;
      const oldest = Math.min(...rows.map((row) => Date.parse(row.oldest)));
      const age = rows.length === 0 ? 0 : sources.now().getTime() - oldest;
      this.set(Math.max(0, age) / 1000);
    },
  });
}

interface PendingByPurpose {
  purpose: string;
  count: number;
  oldest: string;
}

/** Null when the database cannot say: the last figures stay (readiness tells it is down). */
async function readPendingPayments(
  sources: ServerMetricsSources,
): Promise<PendingByPurpose[] | null> {
  try {
    const rows = await sources.db.kysely
      .selectFrom('chain_payments')
      .select((eb) => ['purpose', eb.fn.countAll<number | bigint>().as('count')])
      .select((eb) => eb.fn.min('created_at').as('oldest'))
      .where('status', '=', 'pending')
      .groupBy('purpose')
      .execute();
    return rows.map((row) => ({ ...row, count: Number(row.count) }));
  } catch (error) {
    sources.warn(error, 'pending payments for /metrics');
    return null;
  }
}

function registerPoolGauges(registers: Registry[], db: OpenedDatabase): void {
  if (db.poolUse() === null) return;
  new Gauge({
    name: 'ju_db_pool_connections',
    help: 'PostgreSQL connections of the pool by state (open, idle), its size (max), and queries waiting for one (waiting)',
    labelNames: ['state'],
    registers,
    collect() {
      const use = db.poolUse();
      if (!use) return;
      this.set({ state: 'max' }, use.max);
      this.set({ state: 'open' }, use.open);
      this.set({ state: 'idle' }, use.idle);
      this.set({ state: 'waiting' }, use.waiting);
    },
  });
}
