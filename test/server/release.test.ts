// Ticket dividend release against a real local chain: an approved application releases its
// total on the schedule; released JU moves into the balance only from a funded pool.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrors } from '../../contract/api/errors.ts';
import {
  releaseLogDataSchema,
  releasePaths,
  releaseSummarySchema,
  releaseTransferDataSchema,
  releaseTransferLogDataSchema,
} from '../../contract/api/release.ts';
import { ticketApplyDataSchema, ticketPaths } from '../../contract/api/ticket.ts';
import { adminChainPaths, poolFundDataSchema } from '../../server/admin/contractChain.ts';
import { register, startTestServer, testWallet, type TestServer } from './harness.ts';
import { randomAddress, startTestChain, type TestChain } from './support/chain.ts';
import { assertLedgerInvariants } from './support/ledgerInvariants.ts';
import { dataOf, expectRefusal, moneyPost, walletOf } from './support/money.ts';

const DAY_MS = 86_400_000;

describe('dividend release', () => {
  let chain: TestChain;
  let server: TestServer;
  const treasury = randomAddress();
  const alice = testWallet('release alice');
  let token: string;

  beforeAll(async () => {
    chain = await startTestChain();
    server = await startTestServer({
      chain: { rpcUrl: chain.rpcUrl, treasury, confirmations: 1 },
      payments: { pollMs: 3_600_000 },
      sessionTtlSeconds: 365 * 86_400,
    });
    token = await register(server, alice);
    await chain.fund(alice.address, '100');
  });
  afterAll(async () => {
    await server?.close();
    await chain?.stop();
  });

  const summary = async () =>
    dataOf(await server.request('GET', releasePaths.summary, { token }), releaseSummarySchema);
  const transfer = (amount: string, key?: string) =>
    moneyPost(server, token, releasePaths.transfer, { amount }, key);

  it('has nothing to release before an approved application', async () => {
    expect(await summary()).toMatchObject({ status: 'none', cumulative_total: '0' });
    expectRefusal(await transfer('1'), 400, apiErrors.release_amount_exceeds.code);
  });

  it('releases on the schedule and pays only from the funded pool', async () => {
    const hash = await chain.pay(alice, treasury, '60');
    const application = dataOf(
      await moneyPost(server, token, ticketPaths.apply, { hash }),
      ticketApplyDataSchema,
    );
    expect(application.status).toBe('approved');
    expect(await summary()).toMatchObject({
      historical_balance: '60',
      exchange_rate: '1',
      cumulative_total: '60',
      released_total: '0',
      remaining_total: '60',
      progress_percent: '0.00',
      status: 'releasing',
      percent_per_period: '1',
      period_hours: 24,
    });

    server.clock.advance(DAY_MS);
    expect(await summary()).toMatchObject({
      released_total: '0.6',
      transferable: '0.6',
      progress_percent: '1.00',
    });
    const log = dataOf(
      await server.request('GET', releasePaths.log, { token }),
      releaseLogDataSchema,
    );
    expect(log).toMatchObject({ total: 1, list: [{ period: 1, amount: '0.6' }] });

    // The pool is empty: nothing moves.
    expectRefusal(await transfer('0.6'), 400, apiErrors.release_pool_underfunded.code);
    expect((await walletOf(server, token)).JU.available).toBe('0');

    dataOf(
      await server.admin('POST', adminChainPaths.releaseFund, {
        amount: '100',
        idempotency_key: 'release-fund-1',
      }),
      poolFundDataSchema,
    );
    const key = 'release-transfer-1';
    const first = dataOf(await transfer('0.6', key), releaseTransferDataSchema);
    const retry = dataOf(await transfer('0.6', key), releaseTransferDataSchema);
    expect(retry).toEqual(first);
    expect((await walletOf(server, token)).JU.available).toBe('0.6');
    const moneyLog = await server.request('GET', '/api/v1/user/moneyLog', { token });
    expect(moneyLog.body.data.list).toEqual([
      expect.objectContaining({ type: 'release', amount: '0.6', balance_after: '0.6' }),
    ]);
    const income = await server.request('GET', '/api/v1/user/incomeList', { token });
    expect(income.body.data.list).toEqual([
      expect.objectContaining({ kind: 'release_transfer', amount: '0.6' }),
    ]);
    expectRefusal(await transfer('0.000001'), 400, apiErrors.release_amount_exceeds.code);

    server.clock.advance(120 * DAY_MS);
    expect(await summary()).toMatchObject({
      released_total: '60',
      remaining_total: '0',
      transferable: '59.4',
      transferred_total: '0.6',
      progress_percent: '100.00',
      status: 'completed',
      next_release_at: null,
    });
    const fullLog = dataOf(
      await server.request('GET', `${releasePaths.log}?page=1&page_size=5`, { token }),
      releaseLogDataSchema,
    );
    expect(fullLog.total).toBe(100);
    expect(fullLog.list[0]).toMatchObject({ period: 100, amount: '0.6' });

    dataOf(await transfer('59.4'), releaseTransferDataSchema);
    expect((await walletOf(server, token)).JU.available).toBe('60');
    const transfers = dataOf(
      await server.request('GET', releasePaths.transferLog, { token }),
      releaseTransferLogDataSchema,
    );
    expect(transfers.list.map((row: { amount: string }) => row.amount)).toEqual(['59.4', '0.6']);
    await assertLedgerInvariants(server.db);
  });

  it('lets the operator of a development chain release periods now, for a demo, dating nothing in the future', async () => {
    const bob = testWallet('release bob');
    const bobToken = await register(server, bob, token);
    const advance = (address: string, periods: number) =>
      server.admin('POST', adminChainPaths.releaseAdvance, { address, periods });
    expectRefusal(await advance(bob.address, 1), 409, apiErrors.release_not_approved.code);
    expectRefusal(
      await advance(testWallet('nobody').address, 1),
      404,
      apiErrors.user_not_found.code,
    );

    await chain.fund(bob.address, '100');
    const hash = await chain.pay(bob, treasury, '60');
    await moneyPost(server, bobToken, ticketPaths.apply, { hash });
    const bobSummary = async () =>
      dataOf(
        await server.request('GET', releasePaths.summary, { token: bobToken }),
        releaseSummarySchema,
      );
    expect(await bobSummary()).toMatchObject({ released_total: '0' });
    expect((await advance(bob.address, 2)).status).toBe(200);
    expect(await bobSummary()).toMatchObject({ released_total: '1.2', transferable: '1.2' });
    // The released periods are dated in the past, as if approved two periods ago.
    const log = dataOf(
      await server.request('GET', releasePaths.log, { token: bobToken }),
      releaseLogDataSchema,
    );
    const now = server.clock.now().getTime();
    for (const row of log.list) expect(Date.parse(row.released_at)).toBeLessThanOrEqual(now);
  });
});
