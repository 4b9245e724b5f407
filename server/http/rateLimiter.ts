// Every rate limit of a call goes through this one limiter, applied by the route dispatcher
// (routeTable.ts) and by authentication (authenticate.ts), so a call counts the same however
// it arrived (plain, or dispatched by the request envelope):
//   - per client IP: sign-in, the login message and isRegister (the endpoint's `ipRateLimit`);
//   - per signed-in user: money calls, isRegister and socket tickets (`userRateLimit`);
//   - failed authentications per client IP and per token prefix (`authFailures`), on every
//     route (authenticate.ts);
//   - sealed requests the envelope refuses, per client IP (`envelopeRefusals`,
//     envelope/gatewayRoutes.ts).
// Windows are fixed: a key's window opens at its first counted call and lasts the limit's
// window; a call beyond `max` in it is refused with 429 rate_limited until the window ends.
//
// The counts live in a store chosen by the database: in memory on SQLite (one process holds
// all of them), in a PostgreSQL table when DATABASE_URL is set (postgresRateLimitStore.ts), so
// processes sharing the database share every window and alternating between them buys no
// extra tries. On top of either, the limiter remembers the windows it has seen full until they
// end: a refused client is refused again without asking the store.
import type { RateLimitSetting, ServerSettings } from '../config.ts';
import type { AppDatabase } from '../db/database.ts';
import { DomainError } from '../domainError.ts';
import { createPostgresRateLimitStore } from './postgresRateLimitStore.ts';
import {
  createMemoryRateLimitStore,
  isRefused,
  type RateLimitStore,
  type WindowRequest,
} from './rateLimitStore.ts';

export type RateLimitName = keyof ServerSettings['rateLimits'];
export type LimitPer = 'ip' | 'user' | 'token';

/** One limit applied to one call. */
export interface LimitCheck {
  /** The limit: its settings, and its label in GET /metrics. */
  readonly limit: RateLimitName;
  readonly per: LimitPer;
  /** Who is counted: the client IP, or the user's id. */
  readonly subject: string;
  /**
   * 'count': the call counts, and is refused when it is one too many. 'read': nothing is
   * counted; the call is refused while the window is full (failed authentications are
   * counted only when they fail, and read before a call is let through).
   */
  readonly mode: 'count' | 'read';
}

export interface RateLimiter {
  /**
   * Throws rate_limited when this process already knows one of the checks would be refused
   * (a window it saw full that has not ended); no I/O. Callers use it before any other work.
   */
  refuseKnown(checks: readonly LimitCheck[]): void;
  /**
   * Applies the checks in order (on PostgreSQL in one statement) and throws rate_limited for
   * the first refused; the ones after it are not counted. No checks: nothing is asked.
   */
  check(checks: readonly LimitCheck[]): Promise<void>;
}

// Windows seen full and not yet ended, kept per process; beyond this many, the oldest go.
const MAX_KNOWN_FULL = 10_000;

export function createRateLimiter(
  store: RateLimitStore,
  settings: Readonly<Record<RateLimitName, RateLimitSetting>>,
  now: () => Date,
  onRefused: (limit: RateLimitName, per: LimitPer) => void,
): RateLimiter {
  const knownFull = new Map<string, number>();

  const keyOf = (check: LimitCheck) => `${check.limit}:${check.per}:${check.subject}`;
  const refuse = (check: LimitCheck, endsAt: number, time: number): never => {
    onRefused(check.limit, check.per);
    throw new DomainError('rate_limited', {
      data: { retry_after_seconds: Math.max(1, Math.ceil((endsAt - time) / 1000)) },
    });
  };
  const remember = (key: string, endsAt: number, time: number) => {
    if (knownFull.size >= MAX_KNOWN_FULL) {
      for (const [name, end] of knownFull) if (end <= time) knownFull.delete(name);
      if (knownFull.size >= MAX_KNOWN_FULL) knownFull.delete(knownFull.keys().next().value!);
    }
    knownFull.set(key, endsAt);
  };

  const refuseKnown = (checks: readonly LimitCheck[], time: number) => {
    for (const check of checks) {
      const key = keyOf(check);
      const endsAt = knownFull.get(key);
      if (endsAt === undefined) continue;
      if (endsAt > time) refuse(check, endsAt, time);
      knownFull.delete(key);
    }
  };

  return {
    refuseKnown(checks) {
      if (checks.length > 0) refuseKnown(checks, now().getTime());
    },
    async check(checks) {
      if (checks.length === 0) return;
      const time = now().getTime();
      refuseKnown(checks, time);
      const requests = checks.map((check): WindowRequest => {
        const { max, windowMs } = settings[check.limit];
        return { key: keyOf(check), windowMs, max, count: check.mode === 'count' };
      });
      const states = await store.apply(requests, time);
      requests.forEach((request, index) => {
        const state = states[index];
        if (!state) return;
        // Full: one more counted call would be refused, so this process refuses it at once.
        if (state.hits >= request.max && state.endsAt > time)
          remember(request.key, state.endsAt, time);
        if (isRefused(request, state)) refuse(checks[index]!, state.endsAt, time);
      });
    },
  };
}

/** The limiter for the database in use: windows in PostgreSQL there, else in memory. */
export function rateLimiterFor(
  db: AppDatabase,
  settings: ServerSettings['rateLimits'],
  now: () => Date,
  onRefused: (limit: RateLimitName, per: LimitPer) => void,
): RateLimiter {
  const store =
    db.dialect === 'postgres' ? createPostgresRateLimitStore(db) : createMemoryRateLimitStore();
  return createRateLimiter(store, settings, now, onRefused);
}
