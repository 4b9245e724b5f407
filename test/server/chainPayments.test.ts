// Every rule of a payment on chain, against a real local chain (Anvil): the ticket purchase
// is the payment under test. Wrong recipient, amount, sender, a reverted transaction, a
// wrong chain, an unknown hash, a reused hash, too few confirmations.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainInfoDataSchema, chainPaymentSchema, chainPaths } from '../../contract/api/chain.ts';
import { apiErrors } from '../../contract/api/errors.ts';
import {
  ticketBuyDataSchema,
  ticketConfigDataSchema,
  ticketListDataSchema,
  ticketPaths,
} from '../../contract/api/ticket.ts';
import { runCli } from '../../server/admin/cli.ts';
import { adminChainPaths, chainJobsDataSchema } from '../../server/admin/contractChain.ts';
import { chainClient } from '../../server/chain/client.ts';
import { verifyPayment } from '../../server/chain/verifyPayment.ts';
import { login, register, startTestServer, testWallet, type TestServer } from './harness.ts';
import { randomAddress, startTestChain, type TestChain } from './support/chain.ts';
import { assertLedgerInvariants } from './support/ledgerInvariants.ts';
import { dataOf, expectRefusal, moneyPost } from './support/money.ts';

const CONFIRMATIONS = 3;
const HOUR_MS = 3_600_000;

describe('payments on chain', () => {
  let chain: TestChain;
  let server: TestServer;
  const treasury = randomAddress();
  const alice = testWallet('chain alice');
  const bob = testWallet('chain bob');
  let aliceToken: string;
  let bobToken: string;

  beforeAll(async () => {
    chain = await startTestChain();
    server = await startTestServer({
      chain: { rpcUrl: chain.rpcUrl, treasury, confirmations: CONFIRMATIONS },
      // The tests run the job themselves, at the moments they choose.
      payments: { pollMs: 3_600_000 },
    });
    aliceToken = await register(server, alice);
    bobToken = await register(server, bob, aliceToken);
    await chain.fund(alice.address, '1000');
    await chain.fund(bob.address, '1000');
  });
  afterAll(async () => {
    await server?.close();
    await chain?.stop();
  });

  const buy = (token: string, hash: unknown) => moneyPost(server, token, ticketPaths.buy, { hash });
  const runJobs = async () =>
    dataOf(await server.admin('POST', adminChainPaths.runJobs), chainJobsDataSchema);
  const myTickets = async (token: string) =>
    dataOf(await server.request('GET', ticketPaths.mine, { token }), ticketListDataSchema);

  it('tells the payment screens where to pay and how much', async () => {
    const info = dataOf(
      await server.request('GET', chainPaths.info, { token: aliceToken }),
      chainInfoDataSchema,
    );
    expect(info).toEqual({
      chain_id: 210000,
      treasury: expect.stringMatching(new RegExp(`^${treasury}$`, 'i')),
      required_confirmations: CONFIRMATIONS,
      prices: { ticket: '60', cycle: '90.6', node: '500', withdraw_fee: '0.01' },
    });
    const config = dataOf(
      await server.request('GET', ticketPaths.config, { token: aliceToken }),
      ticketConfigDataSchema,
    );
    expect(config).toEqual({
      price: '60',
      idle_days: 3,
      treasury: info.treasury,
      live_application: null,
      unapplied_hash: null,
    });
    const runtime = await server.request('GET', '/config.json');
    expect(runtime.body.chain).toMatchObject({ rpc_url: chain.rpcUrl, treasury: info.treasury });
  });

  it('refuses a missing or malformed hash', async () => {
    expectRefusal(await buy(aliceToken, ''), 400, apiErrors.tx_hash_required.code);
    expectRefusal(await buy(aliceToken, undefined), 400, apiErrors.tx_hash_required.code);
    expectRefusal(await buy(aliceToken, '0x1234'), 400, apiErrors.tx_hash_invalid.code);
    expectRefusal(
      await buy(aliceToken, `0x${'g'.repeat(64)}`),
      400,
      apiErrors.tx_hash_invalid.code,
    );
  });

  it('refuses a payment to another address, and stores nothing', async () => {
    const hash = await chain.pay(alice, randomAddress(), '60');
    await chain.mine(CONFIRMATIONS);
    expectRefusal(await buy(aliceToken, hash), 400, apiErrors.payment_wrong_recipient.code);
    expect((await myTickets(aliceToken)).total).toBe(0);
  });

  it('refuses a payment of another amount', async () => {
    const hash = await chain.pay(alice, treasury, '59.999999');
    await chain.mine(CONFIRMATIONS);
    expectRefusal(await buy(aliceToken, hash), 400, apiErrors.payment_wrong_amount.code);
  });

  it('refuses a transaction that reverted', async () => {
    // A treasury that reverts every payment: the transaction is as asked, but fails.
    const reverter = await chain.deployReverter(alice);
    const hash = await chain.pay(alice, reverter, '60');
    const verdict = await verifyPayment(chainClient(chain.rpcUrl), {
      hash,
      from: alice.address,
      to: reverter,
      units: 60_000_000n,
      chainId: 210000,
      confirmations: 1,
    });
    expect(verdict).toMatchObject({ status: 'rejected', failure: 'payment_reverted' });
  });

  it("refuses someone else's payment", async () => {
    const hash = await chain.pay(bob, treasury, '60');
    await chain.mine(CONFIRMATIONS);
    expectRefusal(await buy(aliceToken, hash), 400, apiErrors.payment_wrong_sender.code);
  });

  it('refuses a payment on another chain', async () => {
    const hash = await chain.pay(alice, treasury, '1');
    const verdict = await verifyPayment(chainClient(chain.rpcUrl), {
      hash,
      from: alice.address,
      to: treasury,
      units: 1_000_000n,
      chainId: 1,
      confirmations: 1,
    });
    expect(verdict).toEqual({ status: 'rejected', failure: 'payment_wrong_chain' });
  });

  it('keeps a shallow payment pending until it has enough confirmations, then grants once', async () => {
    const hash = await chain.pay(alice, treasury, '60');
    const bought = dataOf(await buy(aliceToken, hash), ticketBuyDataSchema);
    expect(bought.payment).toMatchObject({
      hash: hash.toLowerCase(),
      status: 'pending',
      confirmations: 1,
      required_confirmations: CONFIRMATIONS,
      amount: '60',
    });
    expect(bought.ticket.status).toBe('pending_payment');

    await runJobs();
    const still = await server.request('GET', `${chainPaths.payment}?hash=${hash}`, {
      token: aliceToken,
    });
    expect(dataOf(still, chainPaymentSchema).status).toBe('pending');

    await chain.mine(CONFIRMATIONS - 1);
    expect((await runJobs()).decided_payments).toBe(1);
    expect((await runJobs()).decided_payments).toBe(0);
    const payment = dataOf(
      await server.request('GET', `${chainPaths.payment}?hash=${hash}`, { token: aliceToken }),
      chainPaymentSchema,
    );
    expect(payment).toMatchObject({ status: 'confirmed', confirmations: CONFIRMATIONS });
    const tickets = await myTickets(aliceToken);
    expect(tickets.total).toBe(1);
    expect(tickets.list[0]).toMatchObject({ status: 'valid', price: '60' });
    // Bob cannot look at Alice's payment.
    expectRefusal(
      await server.request('GET', `${chainPaths.payment}?hash=${hash}`, { token: bobToken }),
      404,
      apiErrors.chain_payment_unknown.code,
    );

    // The same hash is accepted once, ever — from anyone.
    expectRefusal(await buy(aliceToken, hash), 400, apiErrors.hash_already_exists.code);
    expectRefusal(
      await buy(bobToken, hash.toUpperCase().replace('0X', '0x')),
      400,
      apiErrors.hash_already_exists.code,
    );
  });

  it('grants at once a payment that is deep enough', async () => {
    const hash = await chain.pay(bob, treasury, '60');
    await chain.mine(CONFIRMATIONS);
    const bought = dataOf(await buy(bobToken, hash), ticketBuyDataSchema);
    expect(bought.payment.status).toBe('confirmed');
    expect(bought.ticket).toMatchObject({ status: 'valid', expires_at: expect.any(String) });
  });

  it('accepts one of two simultaneous submissions of one hash', async () => {
    const hash = await chain.pay(alice, treasury, '60');
    await chain.mine(CONFIRMATIONS);
    const answers = await Promise.all([buy(aliceToken, hash), buy(aliceToken, hash)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    const refused = answers.find((answer) => answer.status === 400)!;
    expectRefusal(refused, 400, apiErrors.hash_already_exists.code);
  });

  it('refuses a hash the chain has never seen, and stores nothing', async () => {
    const hash = `0x${randomBytes(32).toString('hex')}`;
    const refused = await buy(aliceToken, hash);
    expectRefusal(refused, 400, apiErrors.payment_not_seen.code);
    expect(refused.body.data).toMatchObject({ field: 'hash' });
    expectRefusal(
      await server.request('GET', `${chainPaths.payment}?hash=${hash}`, { token: aliceToken }),
      404,
      apiErrors.chain_payment_unknown.code,
    );
    const tickets = await myTickets(aliceToken);
    expect(tickets.list.some((t: { hash: string }) => t.hash === hash)).toBe(false);
  });

  it('invalidates a ticket after the idle time without operation', async () => {
    const before = (await myTickets(bobToken)).list[0]!;
    expect(before.status).toBe('valid');
    server.clock.advance(3 * 24 * HOUR_MS);
    // Sessions last a day: sign in again after three.
    bobToken = await login(server, bob);
    const after = (await myTickets(bobToken)).list[0]!;
    expect(after).toMatchObject({ status: 'invalidated', expires_at: null });
  });

  it('tells the operator how the chain is, and funds a wallet on a development chain', async () => {
    const cli = (args: string[]) =>
      runCli(args, { API_URL: server.url, ADMIN_TOKEN: server.adminToken });
    const status = await cli(['chain', 'status']);
    expect(status.exitCode).toBe(0);
    expect(status.output).toContain(`Chain 210000 at ${chain.rpcUrl}`);
    expect(status.output).toContain('Reachable: node chain id 210000');
    expect(status.output).toContain('Confirmations required: 3; pending payments: 0');

    const wallet = randomAddress();
    expect(await cli(['chain', 'fund', wallet, '12.5'])).toMatchObject({ exitCode: 0 });
    expect(await chain.client.getBalance({ address: wallet as `0x${string}` })).toBe(
      12_500_000_000_000_000_000n,
    );
    expect((await cli(['chain', 'fund', 'not-an-address', '1'])).exitCode).toBe(1);
    expect((await cli(['chain', 'fund', wallet])).exitCode).toBe(2);
  });

  it('keeps the ledger consistent', async () => {
    await assertLedgerInvariants(server.db);
  });
});
