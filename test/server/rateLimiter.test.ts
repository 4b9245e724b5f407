// The one rate limiter on the store the database chooses (in memory on SQLite, a PostgreSQL
// table on PostgreSQL): fixed windows, reads that count nothing, nothing counted after a
// refusal, exact counts when two processes count at once, one statement per call, and the
// dispatcher asking it only for routes with limits.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authPaths } from '../../contract/api/auth.ts';
import { transferPaths } from '../../contract/api/transfer.ts';
import { commonPaths } from '../../contract/api/common.ts';
import { userPaths } from '../../contract/api/user.ts';
import { walletPaths } from '../../contract/api/wallet.ts';
import { areaCatalogue, routeTable } from '../../server/areas.ts';
import type { RateLimitSetting } from '../../server/config.ts';
import { openDatabase, type OpenedDatabase } from '../../server/db/database.ts';
import { readQueryStats } from '../../server/db/queryStats.ts';
import type { DomainError } from '../../server/domainError.ts';
import type { HttpContext } from '../../server/http/httpContext.ts';
import {
  createPostgresRateLimitStore,
  pruneRateLimitWindows,
} from '../../server/http/postgresRateLimitStore.ts';
import {
  createRateLimiter,
  type LimitCheck,
  type RateLimitName,
} from '../../server/http/rateLimiter.ts';
import {
  createMemoryRateLimitStore,
  type RateLimitStore,
} from '../../server/http/rateLimitStore.ts';
import { createReplies } from '../../server/http/replies.ts';
import { createRouteRunner } from '../../server/http/routeTable.ts';
import { loadTranslator } from '../../server/i18n/catalogs.ts';
import { createServerMetrics } from '../../server/metrics/serverMetrics.ts';
import {
  createPostgresDatabase,
  createTestClock,
  login,
  startTestServer,
  testWallet,
  usesPostgres,
  type TestServer,
} from './harness.ts';
import { credit } from './support/money.ts';

const MINUTE_MS = 60_000;
const SETTINGS: Record<RateLimitName, RateLimitSetting> = {
  login: { max: 3, windowMs: MINUTE_MS },
  loginMessage: { max: 10, windowMs: MINUTE_MS },
  money: { max: 2, windowMs: MINUTE_MS },
  authFailures: { max: 2, windowMs: MINUTE_MS },
  isRegister: { max: 10, windowMs: MINUTE_MS },
  envelopeRefusals: { max: 10, windowMs: MINUTE_MS },
  wsTicket: { max: 10, windowMs: MINUTE_MS },
};

const count = (limit: RateLimitName, subject: string): LimitCheck => ({
  limit,
  per: limit === 'money' ? 'user' : 'ip',
  subject,
  mode: 'count',
});
const read = (subject: string): LimitCheck => ({
  limit: 'authFailures',
  per: 'ip',
  subject,
  mode: 'read',
});

/** Resolves to 'ok', or the retry_after_seconds of the refusal. */
async function outcome(check: Promise<void>): Promise<'ok' | number> {
  try {
    await check;
    return 'ok';
  } catch (error) {
    expect((error as DomainError).errorName).toBe('rate_limited');
    return ((error as DomainError).data as { retry_after_seconds: number }).retry_after_seconds;
  }
}

describe(`the rate limiter on ${usesPostgres ? 'PostgreSQL' : 'memory'}`, () => {
  // Two databases handles on one database: two processes' pools, as far as PostgreSQL knows.
  const opened: OpenedDatabase[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  let memory: RateLimitStore;
  beforeAll(async () => {
    memory = createMemoryRateLimitStore();
    if (!usesPostgres) return;
    const database = await createPostgresDatabase();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ju-limiter-test-'));
    for (let process = 0; process < 2; process++)
      opened.push(await openDatabase({ dataDir, databaseUrl: database.url }));
    cleanups.push(async () => {
      for (const db of opened) await db.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });
  });
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  /** A store as process `index` sees it: the shared table, or this process's memory. */
  const storeOf = (index = 0): RateLimitStore =>
    usesPostgres ? createPostgresRateLimitStore(opened[index]!) : memory;
  const limiterOf = (store: RateLimitStore, clock = createTestClock(), refusals: string[] = []) =>
    createRateLimiter(store, SETTINGS, clock.now, (limit, per) => refusals.push(`${limit}/${per}`));

  it('counts calls in a fixed window, refuses beyond it until it ends, then starts again', async () => {
    const clock = createTestClock();
    const refusals: string[] = [];
    const limiter = limiterOf(storeOf(), clock, refusals);
    const call = () => outcome(limiter.check([count('login', 'window')]));
    expect([await call(), await call(), await call()]).toEqual(['ok', 'ok', 'ok']);
    clock.advance(20_000);
    expect(await call()).toBe(40);
    expect(await call()).toBe(40);
    expect(refusals).toEqual(['login/ip', 'login/ip']);
    clock.advance(40_000);
    expect(await call()).toBe('ok');
  });

  it('reads without counting, and refuses a read of a full window', async () => {
    const limiter = limiterOf(storeOf());
    for (let index = 0; index < 5; index++)
      expect(await outcome(limiter.check([read('reader')]))).toBe('ok');
    expect(await outcome(limiter.check([count('authFailures', 'reader')]))).toBe('ok');
    expect(await outcome(limiter.check([read('reader')]))).toBe('ok');
    expect(await outcome(limiter.check([count('authFailures', 'reader')]))).toBe('ok');
    expect(await outcome(limiter.check([read('reader')]))).toBe(60);
  });

  it('counts nothing after the check that refused', async () => {
    const limiter = limiterOf(storeOf());
    await limiter.check([count('authFailures', 'gate')]);
    await limiter.check([count('authFailures', 'gate')]);
    // The failures window is full: the money call is refused before it is counted.
    for (let index = 0; index < 3; index++)
      expect(await outcome(limiter.check([read('gate'), count('money', 'gated user')]))).toBe(60);
    // A fresh limiter (another process) still has both money calls of the window.
    const other = limiterOf(storeOf(usesPostgres ? 1 : 0));
    expect(await outcome(other.check([count('money', 'gated user')]))).toBe('ok');
    expect(await outcome(other.check([count('money', 'gated user')]))).toBe('ok');
    expect(await outcome(other.check([count('money', 'gated user')]))).toBe(60);
  });

  it('counts exactly when two processes count the same key at once', async () => {
    const limiters = [limiterOf(storeOf(0)), limiterOf(storeOf(usesPostgres ? 1 : 0))];
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, index) =>
        outcome(limiters[index % 2]!.check([count('loginMessage', 'crowd')])),
      ),
    );
    expect(results.filter((result) => result === 'ok')).toHaveLength(SETTINGS.loginMessage.max);
  });

  it('asks the store once per call, and not at all for a window it knows is full', async () => {
    const store = storeOf();
    let applied = 0;
    const counting: RateLimitStore = {
      apply: (requests, now) => {
        applied += 1;
        return store.apply(requests, now);
      },
    };
    const limiter = limiterOf(counting);
    const queries = () => readQueryStats().queries;
    const before = queries();
    await limiter.check([read('once'), count('login', 'once'), count('money', 'once user')]);
    expect(applied).toBe(1);
    // On PostgreSQL the three checks were one statement.
    if (usesPostgres) expect(queries() - before).toBe(1);
    await limiter.check([]);
    expect(applied).toBe(1);
    await limiter.check([count('money', 'once user')]);
    expect(await outcome(limiter.check([count('money', 'once user')]))).toBe(60);
    expect(applied).toBe(2);
    expect(() => limiter.refuseKnown([count('money', 'once user')])).toThrow();
  });

  // Only PostgreSQL keeps windows in a table (SQLite's are in memory).
  if (usesPostgres)
    it('prunes the windows that have ended', async () => {
      const db = opened[0]!;
      const clock = createTestClock();
      const limiter = limiterOf(storeOf(), clock);
      await limiter.check([count('login', 'prune 1')]);
      clock.advance(30_000);
      await limiter.check([count('login', 'prune 2')]);
      clock.advance(30_000);
      expect(await pruneRateLimitWindows(db, clock.now())).toBeGreaterThanOrEqual(1);
      const left = await db.kysely
        .selectFrom('rate_limit_windows')
        .select('key')
        .where('key', 'like', 'login:ip:prune%')
        .execute();
      expect(left.map((row) => row.key)).toEqual(['login:ip:prune 2']);
    });
});

describe('the dispatcher and the limiter', () => {
  let server: TestServer;
  let context: HttpContext;
  const asked: string[][] = [];
  beforeAll(async () => {
    server = await startTestServer({ inviteRequired: false });
    const translator = await loadTranslator(server.settings.localesDir);
    const db = { ...server.db, description: 'test', poolUse: () => null, close: async () => {} };
    const store = usesPostgres ? createPostgresRateLimitStore(db) : createMemoryRateLimitStore();
    const watched: RateLimitStore = {
      apply(requests, now) {
        asked.push(requests.map((request) => request.key));
        return store.apply(requests, now);
      },
    };
    context = {
      settings: server.settings,
      adminToken: server.adminToken,
      db,
      translator,
      replies: createReplies(translator),
      now: server.clock.now,
      areas: areaCatalogue,
      rateLimiter: createRateLimiter(
        watched,
        server.settings.rateLimits,
        server.clock.now,
        () => {},
      ),
      metrics: createServerMetrics({
        db,
        now: server.clock.now,
        eventLoopLagMs: () => 0,
        warn: () => {},
      }),
    };
  });
  afterAll(() => server.close());

  const dispatch = (
    method: string,
    routePath: string,
    headers: Record<string, string>,
    payload: unknown,
  ) => {
    const route = routeTable.find(
      (candidate) => candidate.method === method && candidate.path === routePath,
    )!;
    const request = { headers, ip: '192.0.2.7' } as unknown as FastifyRequest;
    return createRouteRunner(context).run(route, request, payload);
  };

  it('asks nothing for a route without limits, and once for a limited call', async () => {
    const alice = testWallet('limiter alice');
    const token = await login(server, alice);
    await login(server, testWallet('limiter bob'));
    await credit(server, alice.address, 'TICKET', '5');
    const auth = { authorization: `Bearer ${token}` };
    asked.length = 0;
    await dispatch('GET', walletPaths.wallet, auth, {});
    await dispatch('GET', commonPaths.marquee, {}, {});
    expect(asked).toEqual([]);

    await dispatch('POST', authPaths.isRegister, {}, { address: alice.address });
    await dispatch(
      'POST',
      transferPaths.transfer,
      { ...auth, 'idempotency-key': 'limiter-1' },
      { address: testWallet('limiter bob').address, amount: '1' },
    );
    const user = (
      await server.db.kysely
        .selectFrom('users')
        .select('id')
        .where('address', '=', alice.address)
        .executeTakeFirstOrThrow()
    ).id;
    // A signed-in call never reads the address's failed authentications: they are the
    // failures' limit, not the successes'.
    expect(asked).toEqual([['isRegister:ip:192.0.2.7'], [`money:user:${user}`]]);
  });

  it('counts a wrong token once, as it fails: per address and per token prefix', async () => {
    asked.length = 0;
    await expect(
      dispatch('GET', userPaths.info, { authorization: 'Bearer wrong-token-guess' }, {}),
    ).rejects.toMatchObject({ errorName: 'unauthorized' });
    expect(asked).toEqual([['authFailures:ip:192.0.2.7', 'authFailures:token:wrong-token-']]);
  });
});
