// Several server processes on one PostgreSQL database behave as one: the rate limits are
// shared (alternating between processes buys no extra tries), a scheduled job runs once
// however many processes tick, a process killed in the middle of a job does not hold it, and
// a session ended on one process is refused on the other. PostgreSQL only: on SQLite one
// process serves everything.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { authPaths } from '../../contract/api/auth.ts';
import { apiErrors } from '../../contract/api/errors.ts';
import { backgroundJobs } from '../../server/areas.ts';
import type { StartServerOptions } from '../../server/main.ts';
import {
  login,
  startTestServerPair,
  testWallet,
  type HttpAnswer,
  type HttpClient,
  type TestServer,
} from './harness.ts';
import { LEASE_PROBE_INTERVAL_MS, LEASE_PROBE_JOB, leaseProbeJob } from './support/leaseProbe.ts';
import { credit, transfer } from './support/money.ts';
import { scrape } from './support/prometheus.ts';
import { exitOf, NODE, ROOT } from './support/serverProcess.ts';

const MINUTE_MS = 60_000;

// PostgreSQL only: the file is left out of the SQLite project (vitest.config.ts, *.pg.test.ts).
describe('two server processes on one PostgreSQL', { timeout: 60_000 }, () => {
  let pair: [TestServer, TestServer] | null = null;
  let child: ChildProcess | null = null;
  afterEach(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = exitOf(child);
      child.kill('SIGKILL');
      await exited;
    }
    child = null;
    await pair?.[0].close();
    pair = null;
  });

  const start = async (options: StartServerOptions = {}, second: StartServerOptions = {}) => {
    pair = await startTestServerPair({ trustProxy: true, ...options }, second);
    return pair;
  };

  /** Sends `count` calls, the i-th through `servers[i % servers.length]`; their statuses. */
  const statuses = async (
    servers: readonly HttpClient[],
    count: number,
    call: (server: HttpClient, index: number) => Promise<HttpAnswer>,
  ) => {
    const seen: number[] = [];
    for (let index = 0; index < count; index++)
      seen.push((await call(servers[index % servers.length]!, index)).status);
    return seen;
  };
  const from = (ip: string) => ({ 'x-forwarded-for': ip });

  describe('share the rate limits', () => {
    it('refuse sign-in attempts alternating between the processes at the count of one', async () => {
      const [a, b] = await start({
        rateLimits: {
          login: { max: 3, windowMs: MINUTE_MS },
          loginMessage: { max: 2, windowMs: MINUTE_MS },
        },
      });
      const attempt = (ip: string) => (server: HttpClient) =>
        server.request('POST', authPaths.login, { json: {}, headers: from(ip) });
      const onOne = await statuses([a], 6, attempt('203.0.113.1'));
      expect(onOne).toEqual([400, 400, 400, 429, 429, 429]);
      expect(await statuses([a, b], 6, attempt('203.0.113.2'))).toEqual(onOne);

      const { address } = testWallet('alternating');
      const message = (ip: string) => (server: HttpClient) =>
        server.request('GET', `${authPaths.loginMessage}?address=${address}`, {
          headers: { ...from(ip), lang: 'EN' },
        });
      expect(await statuses([b, a], 4, message('203.0.113.3'))).toEqual([200, 200, 429, 429]);
      const refused = await message('203.0.113.3')(b);
      expect(refused.body).toMatchObject({
        code: apiErrors.rate_limited.code,
        message: 'Too frequent requests, try later',
      });
      expect(refused.body.data.retry_after_seconds).toBe(60);
      expect(refused.headers.get('retry-after')).toBe('60');
      // The window ends for both at once.
      a.clock.advance(MINUTE_MS);
      expect((await message('203.0.113.3')(b)).status).toBe(200);
      expect((await message('203.0.113.3')(a)).status).toBe(200);
    });

    it('count a user’s money calls on every process against one limit', async () => {
      const [a, b] = await start({
        inviteRequired: false,
        rateLimits: { money: { max: 3, windowMs: MINUTE_MS } },
      });
      const payer = testWallet('multi payer');
      const payee = testWallet('multi payee');
      const token = await login(a, payer);
      await login(b, payee);
      await credit(a, payer.address, 'TICKET', '10');
      const send = (server: HttpClient) =>
        transfer(server, token, { address: payee.address, amount: '1' });
      expect(await statuses([a, b], 5, send)).toEqual([200, 200, 200, 429, 429]);
      a.clock.advance(MINUTE_MS);
      expect((await send(b)).status).toBe(200);
      const refusals = async (server: TestServer) =>
        (await scrape(server)).value('ju_rate_limit_refusals_total', {
          limit: 'money',
          per: 'user',
        });
      expect((await refusals(a)) + (await refusals(b))).toBe(2);
    });

    it('refuse a client that failed authentication on either process', async () => {
      const [a, b] = await start({
        inviteRequired: false,
        rateLimits: { authFailures: { max: 3, windowMs: MINUTE_MS } },
      });
      const guess = (ip: string) => (server: HttpClient, index: number) =>
        server.request('GET', '/api/v1/user/info', {
          // Tokens of their own per address: a token is counted apart (by its prefix) too.
          token: `g${ip.split('.').at(-1)}-${index}`,
          headers: from(ip),
        });
      const onOne = await statuses([a], 5, guess('198.51.100.1'));
      expect(onOne).toEqual([401, 401, 401, 429, 429]);
      expect(await statuses([a, b], 5, guess('198.51.100.2'))).toEqual(onOne);
      expect(await statuses([b, a], 5, guess('198.51.100.3'))).toEqual(onOne);

      // Wrong tokens on A only: B refuses the operator's right token, which reads the shared
      // window, and a further wrong one; a valid session's calls go on, money calls included.
      const token = await login(a, testWallet('multi failing'));
      const limited = '198.51.100.4';
      expect(await statuses([a], 3, guess(limited))).toEqual([401, 401, 401]);
      const admin = await b.request('GET', '/admin/v1/users', {
        token: b.adminToken,
        headers: from(limited),
      });
      expect(admin.status).toBe(429);
      const wrong = await guess(limited)(b, 9);
      expect(wrong.status).toBe(429);
      expect(wrong.body.code).toBe(apiErrors.rate_limited.code);
      const money = await b.request('POST', '/api/v1/user/transfer', {
        json: { address: testWallet('anyone').address, amount: '1' },
        token,
        headers: { ...from(limited), 'idempotency-key': 'multi-failing-1' },
      });
      // Not refused for the address's failures (it has no money: refused for that).
      expect(money.body.code).not.toBe(apiErrors.rate_limited.code);
      expect(money.status).not.toBe(429);
      a.clock.advance(MINUTE_MS);
      expect((await b.admin('GET', '/admin/v1/users')).status).toBe(200);
    });
  });

  describe('run scheduled jobs once', () => {
    it('one process runs a tick, the other skips it while it runs and within its interval', async () => {
      const runs: string[] = [];
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      const withProbe = (name: string, wait: boolean) => [
        ...backgroundJobs,
        leaseProbeJob(async () => {
          runs.push(name);
          if (wait) await held;
        }),
      ];
      // B's jobs are A's but for the probe, which does not wait.
      const [a, second] = await start(
        { jobs: withProbe('a', true) },
        { jobs: withProbe('b', false) },
      );

      const first = a.runJob(LEASE_PROBE_JOB);
      await expect.poll(() => runs).toEqual(['a']);
      // A holds the job: B's tick is skipped at once.
      expect(await second.runJob(LEASE_PROBE_JOB)).toBe('skipped');
      release();
      expect(await first).toBe('ran');
      // A ran it a moment ago: B's next tick within the interval is skipped too.
      expect(await second.runJob(LEASE_PROBE_JOB)).toBe('skipped');
      expect(runs).toEqual(['a']);
      // An interval later the first to tick runs it.
      a.clock.advance(LEASE_PROBE_INTERVAL_MS);
      expect(await second.runJob(LEASE_PROBE_JOB)).toBe('ran');
      expect(await a.runJob(LEASE_PROBE_JOB)).toBe('skipped');
      expect(runs).toEqual(['a', 'b']);

      // The real jobs too, e.g. the session sweep; skips are counted and keep the job on time.
      expect(await a.runJob('session_sweep')).toBe('ran');
      expect(await second.runJob('session_sweep')).toBe('skipped');
      const metrics = await scrape(second);
      expect(metrics.value('ju_job_skipped_total', { job: LEASE_PROBE_JOB })).toBe(2);
      expect(metrics.value('ju_job_runs_total', { job: LEASE_PROBE_JOB })).toBe(1);
      expect(metrics.value('ju_job_skipped_total', { job: 'session_sweep' })).toBe(1);
      expect(metrics.value('ju_job_lag_seconds', { job: 'session_sweep' })).toBe(0);
    });

    it('a process killed in the middle of a job does not hold it', async () => {
      const runs: number[] = [];
      const [a] = await start({
        jobs: [...backgroundJobs, leaseProbeJob(async () => runs.push(Date.now()))],
      });
      child = spawn(NODE, ['test/server/support/leaseHolderProcess.ts'], {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH,
          DATABASE_URL: a.settings.databaseUrl!,
          DATA_DIR: a.dataDir,
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const exited = exitOf(child);
      const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
      expect((await lines.next()).value).toBe('holding');

      // The other process is in the middle of the job: this one leaves it.
      expect(await a.runJob(LEASE_PROBE_JOB)).toBe('skipped');
      child.kill('SIGKILL');
      await exited;
      // PostgreSQL ends the dead process's session, which frees the job and forgets its run.
      await expect
        .poll(() => a.runJob(LEASE_PROBE_JOB), { timeout: 15_000, interval: 100 })
        .toBe('ran');
      expect(runs).toHaveLength(1);
    });
  });

  it('refuses on one process a session ended on the other', async () => {
    const [a, b] = await start({ inviteRequired: false });
    const token = await login(a, testWallet('multi sign-out'));
    expect((await b.request('GET', '/api/v1/user/info', { token })).status).toBe(200);
    expect((await a.request('POST', authPaths.logout, { token })).status).toBe(200);
    const refused = await b.request('GET', '/api/v1/user/info', { token });
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe(apiErrors.unauthorized.code);
  });
});
