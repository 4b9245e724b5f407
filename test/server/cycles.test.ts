// Mutual-aid cycles against a real local chain: join with a valid ticket and a payment on
// chain; the return after 25 hours from the pool; an underfunded pool makes it wait, a
// funded one pays it exactly once; a restart in the middle of a cycle loses nothing.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiErrors } from '../../contract/api/errors.ts';
import {
  cycleConfigDataSchema,
  cycleJoinDataSchema,
  cycleListDataSchema,
  cyclePaths,
  cyclePoolDataSchema,
} from '../../contract/api/cycle.ts';
import {
  ticketBuyDataSchema,
  ticketListDataSchema,
  ticketPaths,
} from '../../contract/api/ticket.ts';
import { moneyLogDataSchema, walletPaths } from '../../contract/api/wallet.ts';
import { runCli } from '../../server/admin/cli.ts';
import {
  adminChainPaths,
  chainJobsDataSchema,
  poolFundDataSchema,
} from '../../server/admin/contractChain.ts';
import { register, testWallet, userInfo, type TestServer, type TestWallet } from './harness.ts';
import {
  randomAddress,
  startRestartableServer,
  startTestChain,
  type RestartableServer,
  type TestChain,
} from './support/chain.ts';
import { assertLedgerInvariants } from './support/ledgerInvariants.ts';
import { dataOf, expectRefusal, walletOf, moneyPost } from './support/money.ts';

const HOUR_MS = 3_600_000;

describe('mutual-aid cycles', () => {
  let chain: TestChain;
  let handle: RestartableServer;
  const server = () => handle.server;
  const treasury = randomAddress();
  const alice = testWallet('cycle alice');
  const bob = testWallet('cycle bob');
  let aliceToken: string;
  let bobToken: string;

  beforeAll(async () => {
    chain = await startTestChain();
    handle = await startRestartableServer(chain, {
      chain: { treasury, confirmations: 1 },
      payments: { pollMs: 3_600_000 },
      // Sessions outlive the days the clock moves here.
      sessionTtlSeconds: 30 * 86_400,
    });
    aliceToken = await register(server(), alice);
    bobToken = await register(server(), bob, aliceToken);
    await chain.fund(alice.address, '10000');
    await chain.fund(bob.address, '10000');
  });
  afterAll(async () => {
    await handle?.close();
    await chain?.stop();
  });

  const runJobs = async (on: TestServer = server()) =>
    dataOf(await on.admin('POST', adminChainPaths.runJobs), chainJobsDataSchema);
  const pool = async (token: string) =>
    dataOf(await server().request('GET', cyclePaths.pool, { token }), cyclePoolDataSchema);
  const fundPool = async (amount: string, key: string) =>
    dataOf(
      await server().admin('POST', adminChainPaths.cycleFund, { amount, idempotency_key: key }),
      poolFundDataSchema,
    );
  const cycles = async (token: string) =>
    dataOf(await server().request('GET', cyclePaths.list, { token }), cycleListDataSchema);

  async function buyTicket(wallet: TestWallet, token: string): Promise<string> {
    const hash = await chain.pay(wallet, treasury, '60');
    const bought = dataOf(
      await moneyPost(server(), token, ticketPaths.buy, { hash }),
      ticketBuyDataSchema,
    );
    expect(bought.ticket.status).toBe('valid');
    return bought.ticket.id;
  }

  function join(wallet: TestWallet, token: string, ticketId: string, amount = '90.6') {
    return chain
      .pay(wallet, treasury, amount)
      .then((hash) => moneyPost(server(), token, cyclePaths.join, { ticket_id: ticketId, hash }));
  }

  it('states the spec figures', async () => {
    const config = dataOf(
      await server().request('GET', cyclePaths.config, { token: aliceToken }),
      cycleConfigDataSchema,
    );
    expect(config).toEqual({
      amount: '90',
      activation_extra: '0.6',
      pay_total: '90.6',
      principal_return: '90.6',
      profit: '1.8',
      hours: 25,
      treasury: expect.any(String),
    });
  });

  it('returns principal and profit after 25 hours; an underfunded pool waits, then pays once', async () => {
    const ticketId = await buyTicket(alice, aliceToken);
    // A ticket alone does not activate the account: the cycle's activation extra does.
    expect((await userInfo(server(), aliceToken)).activated_at).toBeNull();
    // A payment of the wrong size is refused and the ticket stays free; the JU it carried
    // comes back to the balance.
    const wrongSize = await join(alice, aliceToken, ticketId, '90');
    expectRefusal(wrongSize, 400, apiErrors.payment_wrong_amount.code);
    expect(wrongSize.body.data).toMatchObject({ paid_to_balance: true });
    const joined = dataOf(await join(alice, aliceToken, ticketId), cycleJoinDataSchema);
    expect(joined.cycle).toMatchObject({ status: 'running', paid_in: '90.6' });
    const activatedAt = (await userInfo(server(), aliceToken)).activated_at;
    expect(activatedAt).toBe(joined.cycle.started_at);
    const tickets = dataOf(
      await server().request('GET', ticketPaths.mine, { token: aliceToken }),
      ticketListDataSchema,
    );
    expect(tickets.list[0]!.status).toBe('in_cycle');
    // A ticket runs one cycle at a time.
    expectRefusal(await join(alice, aliceToken, ticketId), 400, apiErrors.ticket_not_valid.code);
    // Someone else's ticket does not exist for Bob.
    expectRefusal(await join(bob, bobToken, ticketId), 404, apiErrors.ticket_not_found.code);
    // A join with a ticket it cannot use and a hash the chain never saw paid nothing, and
    // says nothing of a balance.
    const unpaid = await moneyPost(server(), bobToken, cyclePaths.join, {
      ticket_id: ticketId,
      hash: `0x${'5a'.repeat(32)}`,
    });
    expectRefusal(unpaid, 404, apiErrors.ticket_not_found.code);
    expect(unpaid.body.data).not.toMatchObject({ paid_to_balance: true });
    // Every refused join was paid on chain: the JU comes back to each payer's balance.
    expect((await walletOf(server(), aliceToken)).JU.available).toBe('180.6');
    expect((await walletOf(server(), bobToken)).JU.available).toBe('90.6');

    // What Alice paid stands in the pool; the profit is not covered yet.
    expect(await pool(aliceToken)).toMatchObject({
      funded: '90.6',
      owed: '92.4',
      covered: false,
      pending_payout_count: 0,
    });

    server().clock.advance(24 * HOUR_MS);
    expect((await runJobs()).paid_cycles).toBe(0);
    expect((await cycles(aliceToken)).list[0]!.status).toBe('running');

    server().clock.advance(HOUR_MS);
    expect(await runJobs()).toMatchObject({ paid_cycles: 0, waiting_cycles: 1 });
    expect((await cycles(aliceToken)).list[0]!.status).toBe('pending_payout');
    expect(await pool(aliceToken)).toMatchObject({
      pending_payout: '92.4',
      pending_payout_count: 1,
    });
    expect((await walletOf(server(), aliceToken)).JU.available).toBe('180.6');

    // The operator sees what waits, and funds the pool from the command line.
    const cli = (args: string[]) =>
      runCli(args, { API_URL: server().url, ADMIN_TOKEN: server().adminToken });
    expect((await cli(['cycle', 'pool'])).output).toContain('1 due returns (92.4 JU) wait');
    const funded = await cli(['cycle', 'fund', '1.8', '--key', 'fund-1']);
    expect(funded).toMatchObject({ exitCode: 0 });
    expect(funded.output).toContain('it holds 92.4 JU');
    // A retried funding with the same key funds once.
    expect((await fundPool('1.8', 'fund-1')).replayed).toBe(true);
    expect(await runJobs()).toMatchObject({ paid_cycles: 1, waiting_cycles: 0 });
    expect(await runJobs()).toMatchObject({ paid_cycles: 0, waiting_cycles: 0 });
    expect((await walletOf(server(), aliceToken)).JU.available).toBe('273');
    expect((await cycles(aliceToken)).list[0]).toMatchObject({
      status: 'paid',
      paid_at: expect.any(String),
    });
    expect(await pool(aliceToken)).toMatchObject({ funded: '0', owed: '0', covered: true });
    // The return is in the money log and in the income record, once.
    const log = await server().request('GET', '/api/v1/user/moneyLog', { token: aliceToken });
    expect(log.body.data.list).toEqual([
      expect.objectContaining({ type: 'cycle_return', coin: 'JU', amount: '92.4', remark: '' }),
      expect.objectContaining({ type: 'payment_credit', coin: 'JU', amount: '90.6' }),
      expect.objectContaining({ type: 'payment_credit', coin: 'JU', amount: '90' }),
    ]);
    const income = await server().request('GET', '/api/v1/user/incomeList', {
      token: aliceToken,
    });
    expect(income.body.data.list).toEqual([
      expect.objectContaining({ kind: 'cycle_payout', coin: 'JU', amount: '92.4' }),
    ]);

    // Repeatable: the ticket is valid again and joins the next cycle.
    const again = dataOf(await join(alice, aliceToken, ticketId), cycleJoinDataSchema);
    expect(again.cycle.status).toBe('running');
    await assertLedgerInvariants(server().db);
  });

  it('keeps a running cycle across a restart', async () => {
    await fundPool('100', 'fund-2');
    const ticketId = await buyTicket(bob, bobToken);
    const joined = dataOf(await join(bob, bobToken, ticketId), cycleJoinDataSchema);
    expect(joined.cycle.status).toBe('running');

    await handle.restart();
    server().clock.advance(25 * HOUR_MS);
    // Restarted with its timer on: the job pays it without anyone asking.
    await handle.restart({ payments: { pollMs: 100 } });
    await vi.waitFor(
      async () => {
        const list = await cycles(bobToken);
        expect(list.list.find((c: { id: string }) => c.id === joined.cycle.id)?.status).toBe(
          'paid',
        );
      },
      { timeout: 10_000, interval: 100 },
    );
    expect((await walletOf(server(), bobToken)).JU.available).toBe('183');
    await assertLedgerInvariants(server().db);
  });

  it('keeps a pending payment across a restart, and decides it after', async () => {
    await handle.restart({
      chain: { treasury, confirmations: 2 },
      payments: { pollMs: 3_600_000 },
    });
    const hash = await chain.pay(alice, treasury, '60');
    const bought = dataOf(
      await moneyPost(server(), aliceToken, ticketPaths.buy, { hash }),
      ticketBuyDataSchema,
    );
    expect(bought.payment.status).toBe('pending');
    await handle.restart({
      chain: { treasury, confirmations: 2 },
      payments: { pollMs: 3_600_000 },
    });
    await chain.mine(1);
    expect((await runJobs()).decided_payments).toBe(1);
    const tickets = dataOf(
      await server().request('GET', ticketPaths.mine, { token: aliceToken }),
      ticketListDataSchema,
    );
    expect(tickets.list.find((t: { hash: string }) => t.hash === hash.toLowerCase())?.status).toBe(
      'valid',
    );
  });

  it('lets the operator of a development chain run the jobs as of a later time', async () => {
    await handle.restart({
      chain: { treasury, confirmations: 1 },
      payments: { pollMs: 3_600_000 },
    });
    await fundPool('200', 'fund-3');
    const ticketId = await buyTicket(bob, bobToken);
    const joined = dataOf(await join(bob, bobToken, ticketId), cycleJoinDataSchema);
    const cli = (args: string[]) =>
      runCli(args, { API_URL: server().url, ADMIN_TOKEN: server().adminToken });
    const past = new Date(server().clock.now().getTime() - HOUR_MS).toISOString();
    expect((await cli(['chain', 'run-jobs', past])).exitCode).toBe(1);
    const later = new Date(server().clock.now().getTime() + 26 * HOUR_MS).toISOString();
    const ran = await cli(['chain', 'run-jobs', later]);
    expect(ran.exitCode).toBe(0);
    expect(ran.output).toContain('cycles paid: 1');
    // Due as of the later time, but paid now: nothing is dated in the future.
    const now = server().clock.now().toISOString();
    const list = await cycles(bobToken);
    expect(list.list.find((c: { id: string }) => c.id === joined.cycle.id)).toMatchObject({
      status: 'paid',
      paid_at: now,
    });
    const log = dataOf(
      await server().request('GET', `${walletPaths.moneyLog}?type=cycle_return`, {
        token: bobToken,
      }),
      moneyLogDataSchema,
    );
    expect(log.list[0]).toMatchObject({ created_at: now });
    await assertLedgerInvariants(server().db);
  });
});
