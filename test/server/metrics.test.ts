// GET /metrics as Prometheus scrapes it: the operator's token only, text that parses, and
// figures that move by exactly what happened (server/metrics/).
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authPaths } from '../../contract/api/auth.ts';
import { apiErrors } from '../../contract/api/errors.ts';
import { ticketBuyDataSchema, ticketPaths } from '../../contract/api/ticket.ts';
import { adminChainPaths } from '../../server/admin/contractChain.ts';
import {
  loginMessage,
  register,
  startTestServer,
  submitLogin,
  testWallet,
  usesPostgres,
  type TestServer,
} from './harness.ts';
import { randomAddress, startTestChain, type TestChain } from './support/chain.ts';
import { credit, dataOf, expectRefusal, moneyPost, transfer } from './support/money.ts';
import { scrape } from './support/prometheus.ts';

const MINUTE_MS = 60_000;

describe('GET /metrics', () => {
  let server: TestServer;
  const alice = testWallet('metrics alice');
  const bob = testWallet('metrics bob');
  beforeAll(async () => {
    server = await startTestServer({
      inviteRequired: false,
      rateLimits: { money: { max: 3, windowMs: MINUTE_MS } },
    });
  });
  afterAll(() => server.close());

  it('is refused without the operator token, whatever else is sent', async () => {
    const aliceToken = await register(server, alice);
    for (const token of [undefined, 'wrong-token', aliceToken]) {
      const answer = await server.request('GET', '/metrics', token ? { token } : {});
      expectRefusal(answer, 401, apiErrors.admin_unauthorized.code);
      expect(answer.text).not.toContain('ju_http_requests_total');
    }
  });

  it("parses as Prometheus text, with the process's CPU, memory, event loop and queries", async () => {
    const metrics = await scrape(server);
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'ju_event_loop_lag_seconds',
    ])
      expect(metrics.find(name), name).toHaveLength(1);
    expect(metrics.value('ju_db_query_duration_seconds_count')).toBeGreaterThan(0);
    // The connection pool is PostgreSQL's; SQLite has one connection and no pool.
    if (usesPostgres) {
      expect(metrics.value('ju_db_pool_connections', { state: 'max' })).toBe(10);
      expect(metrics.value('ju_db_pool_connections', { state: 'open' })).toBeGreaterThan(0);
    } else {
      expect(metrics.find('ju_db_pool_connections')).toEqual([]);
    }
  });

  it('counts each request exactly once under its route pattern, never its raw URL', async () => {
    const route = { route: '/config.json', method: 'GET', status: '200' };
    const unmatched = { route: '(unmatched)', method: 'GET', status: '404' };
    const before = await scrape(server);
    for (let index = 0; index < 5; index++)
      expect((await server.request('GET', `/config.json?visit=${index}`)).status).toBe(200);
    for (let index = 0; index < 3; index++)
      expect((await server.request('GET', `/no-such-page-${index}`)).status).toBe(404);
    const after = await scrape(server);
    const moved = (labels: Record<string, string>) =>
      after.value('ju_http_requests_total', labels) -
      before.value('ju_http_requests_total', labels);
    expect(moved(route)).toBe(5);
    expect(moved(unmatched)).toBe(3);
    const duration = { route: '/config.json', method: 'GET' };
    expect(
      after.value('ju_http_request_duration_seconds_count', duration) -
        before.value('ju_http_request_duration_seconds_count', duration),
    ).toBe(5);
    const routes = new Set(after.find('ju_http_requests_total').map((s) => s.labels.route));
    for (const label of routes) expect(label).not.toMatch(/visit|no-such-page/);
  });

  it('counts sign-ins, money operations by kind and outcome, and rate-limit refusals', async () => {
    const before = await scrape(server);
    const aliceToken = await register(server, alice);
    const bobToken = await register(server, bob);
    const message = await loginMessage(server, bob.address);
    // Signed by someone else: refused.
    const forged = await submitLogin(server, { ...bob, sign: alice.sign }, message);
    expect(forged.status).toBe(401);
    await credit(server, alice.address, 'TICKET', '5');
    expect((await transfer(server, aliceToken, { address: bob.address, amount: '1' })).status).toBe(
      200,
    );
    const tooMuch = await transfer(server, bobToken, { address: alice.address, amount: '100' });
    expectRefusal(tooMuch, 400, apiErrors.insufficient_balance.code);
    // The money limit is 3 a minute per user; Alice has used 1.
    await transfer(server, aliceToken, { address: bob.address, amount: '1' });
    await transfer(server, aliceToken, { address: bob.address, amount: '1' });
    const limited = await transfer(server, aliceToken, { address: bob.address, amount: '1' });
    expectRefusal(limited, 429, apiErrors.rate_limited.code);

    const after = await scrape(server);
    const moved = (name: string, labels: Record<string, string>) =>
      after.value(name, labels) - before.value(name, labels);
    expect(moved('ju_sign_ins_total', { result: 'signed_in' })).toBe(2);
    expect(moved('ju_sign_ins_total', { result: 'refused' })).toBe(1);
    const transfers = { kind: 'ticket-transfer' };
    expect(moved('ju_money_operations_total', { ...transfers, outcome: 'posted' })).toBe(3);
    expect(moved('ju_money_operations_total', { ...transfers, outcome: 'refused' })).toBe(1);
    expect(moved('ju_money_operations_total', { ...transfers, outcome: 'failed' })).toBe(0);
    expect(moved('ju_rate_limit_refusals_total', { limit: 'money', per: 'user' })).toBe(1);
  });
});

describe('refusals of the per-IP limits', () => {
  it('are counted by the limit that refused', async () => {
    const server = await startTestServer({
      rateLimits: {
        loginMessage: { max: 2, windowMs: MINUTE_MS },
        authFailures: { max: 1, windowMs: MINUTE_MS },
      },
    });
    try {
      const asked = `${authPaths.loginMessage}?address=${testWallet('metrics ip').address}`;
      const statuses = [];
      for (let request = 0; request < 5; request++)
        statuses.push((await server.request('GET', asked)).status);
      expect(statuses).toEqual([200, 200, 429, 429, 429]);
      const metrics = await scrape(server);
      expect(
        metrics.value('ju_rate_limit_refusals_total', { limit: 'loginMessage', per: 'ip' }),
      ).toBe(3);
      expect(metrics.find('ju_rate_limit_refusals_total', { limit: 'unknown' })).toEqual([]);
      // A wrong session token counts against the address and against itself: the same token
      // again is refused for itself, another one for the address.
      const info = (token: string) => server.request('GET', '/api/v1/user/info', { token });
      const answered = [];
      for (const token of ['stale-token', 'stale-token', 'other-token'])
        answered.push((await info(token)).status);
      expect(answered).toEqual([401, 429, 429]);
      server.clock.advance(MINUTE_MS);
      const after = await scrape(server);
      expect(
        after.value('ju_rate_limit_refusals_total', { limit: 'authFailures', per: 'token' }),
      ).toBe(1);
      expect(
        after.value('ju_rate_limit_refusals_total', { limit: 'authFailures', per: 'ip' }),
      ).toBe(1);
    } finally {
      await server.close();
    }
  });
});

describe('beside a local chain: its readiness check, payments waiting, the chain jobs', () => {
  let chain: TestChain;
  let server: TestServer;
  const treasury = randomAddress();
  const payer = testWallet('metrics payer');
  beforeAll(async () => {
    chain = await startTestChain();
    server = await startTestServer({
      chain: { rpcUrl: chain.rpcUrl, treasury, confirmations: 1 },
      // The test runs the jobs itself.
      payments: { pollMs: 10 * MINUTE_MS },
    });
    await chain.fund(payer.address, '1000');
  });
  afterAll(async () => {
    await server?.close();
    await chain?.stop();
  });

  it('readiness asks the node: up on the right chain, degraded on another', async () => {
    const ready = await server.request('GET', '/readyz', { token: server.adminToken });
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('ready');
    expect(ready.body.checks.chain).toEqual({ status: 'up' });
    const elsewhere = await startTestServer({
      chain: { id: 1, rpcUrl: chain.rpcUrl, treasury },
    });
    try {
      const wrong = await elsewhere.request('GET', '/readyz', { token: elsewhere.adminToken });
      expect(wrong.status).toBe(200);
      expect(wrong.body.status).toBe('degraded');
      expect(wrong.body.checks.chain).toEqual({ status: 'down', reason: 'wrong_chain' });
    } finally {
      await elsewhere.close();
    }
  });

  it('move with a payment handed in before the chain mines it, and with each job run', async () => {
    const token = await register(server, payer);
    const runJobs = () => server.admin('POST', adminChainPaths.runJobs);
    const start = await scrape(server);
    expect(start.value('ju_chain_payments_pending', { purpose: 'ticket' })).toBe(0);
    expect(start.value('ju_chain_payment_oldest_pending_age_seconds')).toBe(0);
    expect(start.value('ju_job_lag_seconds', { job: 'chain' })).toBe(0);

    await chain.setAutomine(false);
    const hash = await chain.send(payer, treasury, '60');
    const bought = dataOf(
      await moneyPost(server, token, ticketPaths.buy, { hash }),
      ticketBuyDataSchema,
    );
    expect(bought.payment.status).toBe('pending');
    server.clock.advance(90_000);
    const waiting = await scrape(server);
    expect(waiting.value('ju_chain_payments_pending', { purpose: 'ticket' })).toBe(1);
    expect(waiting.value('ju_chain_payment_oldest_pending_age_seconds')).toBe(90);

    // Ten minutes is the jobs' interval: past it without a run, they are behind.
    server.clock.advance(10 * MINUTE_MS);
    expect((await scrape(server)).value('ju_job_lag_seconds', { job: 'chain' })).toBe(90);
    expect((await runJobs()).status).toBe(200);
    const ran = await scrape(server);
    expect(ran.value('ju_job_runs_total', { job: 'chain' })).toBe(
      start.value('ju_job_runs_total', { job: 'chain' }) + 1,
    );
    expect(ran.value('ju_job_failures_total', { job: 'chain' })).toBe(0);
    expect(ran.value('ju_job_lag_seconds', { job: 'chain' })).toBe(0);
    expect(ran.value('ju_job_duration_seconds_count', { job: 'chain' })).toBe(
      ran.value('ju_job_runs_total', { job: 'chain' }),
    );
    // Not mined yet: still pending, older now.
    expect(ran.value('ju_chain_payments_pending', { purpose: 'ticket' })).toBe(1);
    expect(ran.value('ju_chain_payment_oldest_pending_age_seconds')).toBe(690);

    await chain.mine(1);
    await chain.setAutomine(true);
    expect((await runJobs()).status).toBe(200);
    const decided = await scrape(server);
    expect(decided.value('ju_chain_payments_pending', { purpose: 'ticket' })).toBe(0);
    expect(decided.value('ju_chain_payment_oldest_pending_age_seconds')).toBe(0);
    expect(decided.value('ju_job_runs_total', { job: 'chain' })).toBe(
      start.value('ju_job_runs_total', { job: 'chain' }) + 2,
    );
  });
});

describe('scheduled jobs on their timers', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('count each run of the ledger check and report what it found', async () => {
    // Only the servers' own timers are faked: requests and the database run for real.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const server = await startTestServer({
      operations: { maxEventLoopLagMs: 600_000, ledgerCheckMs: 30 * MINUTE_MS },
    });
    try {
      const before = await scrape(server);
      expect(before.value('ju_job_runs_total', { job: 'ledger_check' })).toBe(0);
      expect(before.value('ju_ledger_check_timestamp_seconds')).toBe(0);
      server.clock.advance(30 * MINUTE_MS);
      await vi.advanceTimersByTimeAsync(30 * MINUTE_MS);
      // A run is counted as it starts; its findings are reported once the check has read the
      // whole ledger, a moment later: wait for those.
      await vi.waitFor(async () =>
        expect((await scrape(server)).value('ju_ledger_check_timestamp_seconds')).toBe(
          server.clock.now().getTime() / 1000,
        ),
      );
      const after = await scrape(server);
      expect(after.value('ju_job_runs_total', { job: 'ledger_check' })).toBe(1);
      expect(after.value('ju_job_failures_total', { job: 'ledger_check' })).toBe(0);
      expect(after.value('ju_ledger_check_problems')).toBe(0);
      expect(after.value('ju_job_lag_seconds', { job: 'ledger_check' })).toBe(0);
      // The other timers are reported beside it.
      for (const job of ['session_sweep', 'card_upload_sweep'])
        expect(after.find('ju_job_lag_seconds', { job }), job).toHaveLength(1);
    } finally {
      vi.useRealTimers();
      await server.close();
    }
  });
});
