// Node purchase against a real local chain: a quote valid a few minutes, paid from the
// balance (through the ledger, once per key) or on chain; supply and per-user limits, held
// only by payments, never by quotes; the compute log; performance in the user centre.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPaidToBalance } from '../../contract/api/chain.ts';
import { apiErrors } from '../../contract/api/errors.ts';
import {
  nodeChainPayDataSchema,
  nodeConfigDataSchema,
  nodeOrderSchema,
  nodePaths,
  powerLogDataSchema,
} from '../../contract/api/node.ts';
import { ticketBuyDataSchema, ticketPaths } from '../../contract/api/ticket.ts';
import { register, startTestServer, testWallet, userInfo, type TestServer } from './harness.ts';
import { randomAddress, startTestChain, type TestChain } from './support/chain.ts';
import { assertLedgerInvariants } from './support/ledgerInvariants.ts';
import { credit, dataOf, expectRefusal, moneyPost, walletOf } from './support/money.ts';

describe('node purchase', () => {
  let chain: TestChain;
  let server: TestServer;
  const treasury = randomAddress();
  const alice = testWallet('node alice');
  const bob = testWallet('node bob');
  const carol = testWallet('node carol');
  let aliceToken: string;
  let bobToken: string;
  let carolToken: string;

  beforeAll(async () => {
    chain = await startTestChain();
    server = await startTestServer({
      chain: { rpcUrl: chain.rpcUrl, treasury, confirmations: 1 },
      payments: {
        pollMs: 3_600_000,
        nodePrice: 10_000_000n,
        nodeSupply: 6,
        nodePerUserLimit: 3,
        nodePower: 100,
      },
    });
    aliceToken = await register(server, alice);
    bobToken = await register(server, bob, aliceToken);
    carolToken = await register(server, carol, bobToken);
    await chain.fund(bob.address, '1000');
  });
  afterAll(async () => {
    await server?.close();
    await chain?.stop();
  });

  const getOrder = (token: string, quantity: unknown) =>
    server.request('POST', nodePaths.getOrder, { token, json: { quantity } });
  const balanceBuy = (token: string, orderId: string, key?: string) =>
    moneyPost(server, token, nodePaths.balanceBuy, { order_id: orderId }, key);

  it('answers the offer', async () => {
    const config = dataOf(
      await server.request('GET', nodePaths.config, { token: aliceToken }),
      nodeConfigDataSchema,
    );
    expect(config).toEqual({
      price: '10',
      supply_total: 6,
      supply_left: 6,
      per_user_limit: 3,
      owned: 0,
      on_order: 0,
      power_per_node: 100,
      quote_minutes: 5,
      treasury: expect.any(String),
    });
  });

  it('sells from the balance once per key, and logs the compute power', async () => {
    expectRefusal(await getOrder(aliceToken, 4), 400, apiErrors.node_limit_reached.code);
    expectRefusal(await getOrder(aliceToken, 0), 400, apiErrors.validation.code);
    const order = dataOf(await getOrder(aliceToken, 2), nodeOrderSchema);
    expect(order).toMatchObject({ status: 'open', quantity: 2, total: '20', power: 200 });
    const nodesOfAlice = async () => {
      const config = await server.request('GET', nodePaths.config, { token: aliceToken });
      const { owned, on_order } = dataOf(config, nodeConfigDataSchema);
      return { owned, on_order };
    };
    // A quote holds nothing: Alice holds no nodes and none are on order until she pays.
    expect(await nodesOfAlice()).toEqual({ owned: 0, on_order: 0 });

    expectRefusal(await balanceBuy(aliceToken, order.id), 400, apiErrors.insufficient_balance.code);
    await credit(server, alice.address, 'JU', '100');
    const key = randomUUID();
    const paid = dataOf(await balanceBuy(aliceToken, order.id, key), nodeOrderSchema);
    expect(paid).toMatchObject({ status: 'paid', paid_with: 'balance' });
    expect(await nodesOfAlice()).toEqual({ owned: 2, on_order: 0 });
    expect(dataOf(await balanceBuy(aliceToken, order.id, key), nodeOrderSchema)).toEqual(paid);
    expect((await walletOf(server, aliceToken)).JU.available).toBe('80');
    const moneyLog = await server.request('GET', '/api/v1/user/moneyLog', { token: aliceToken });
    expect(moneyLog.body.data.list[0]).toMatchObject({
      type: 'node_purchase',
      amount: '-20',
      balance_after: '80',
    });
    expectRefusal(await balanceBuy(aliceToken, order.id), 409, apiErrors.node_order_not_open.code);
    // Bob cannot pay Alice's order.
    expectRefusal(await balanceBuy(bobToken, order.id), 404, apiErrors.node_order_not_found.code);

    const log = dataOf(
      await server.request('GET', nodePaths.powerLog, { token: aliceToken }),
      powerLogDataSchema,
    );
    expect(log.list).toMatchObject([
      { change: 200, total_after: 200, reason: 'node_purchase', order_id: order.id },
    ]);
  });

  it('sells on chain for a payment of the order total', async () => {
    const order = dataOf(await getOrder(bobToken, 2), nodeOrderSchema);
    const wrong = await chain.pay(bob, treasury, '10');
    const refused = await moneyPost(server, bobToken, nodePaths.chainPay, {
      order_id: order.id,
      hash: wrong,
    });
    expectRefusal(refused, 400, apiErrors.payment_wrong_amount.code);
    // The 10 JU reached the treasury all the same: they come back to Bob's balance.
    expect(isPaidToBalance(refused.body.data)).toBe(true);
    expect((await walletOf(server, bobToken)).JU.available).toBe('10');
    const hash = await chain.pay(bob, treasury, '20');
    const paid = dataOf(
      await moneyPost(server, bobToken, nodePaths.chainPay, { order_id: order.id, hash }),
      nodeChainPayDataSchema,
    );
    expect(paid.payment.status).toBe('confirmed');
    expect(paid.order).toMatchObject({
      status: 'paid',
      paid_with: 'chain',
      hash: hash.toLowerCase(),
    });
    const log = dataOf(
      await server.request('GET', nodePaths.powerLog, { token: bobToken }),
      powerLogDataSchema,
    );
    expect(log.list[0]).toMatchObject({ change: 200, total_after: 200 });
  });

  it('takes a payment on chain a little after the quote, never one from the balance', async () => {
    const order = dataOf(await getOrder(bobToken, 1), nodeOrderSchema);
    server.clock.advance(6 * 60_000);
    await credit(server, bob.address, 'JU', '100');
    expectRefusal(await balanceBuy(bobToken, order.id), 400, apiErrors.node_order_expired.code);
    // The wallet was slow: the hash arrives after the quote, within the grace.
    const hash = await chain.pay(bob, treasury, '10');
    const paid = dataOf(
      await moneyPost(server, bobToken, nodePaths.chainPay, { order_id: order.id, hash }),
      nodeChainPayDataSchema,
    );
    expect(paid.order.status).toBe('paid');
  });

  it('refuses a quote past its grace; its JU comes back to the balance', async () => {
    const order = dataOf(await getOrder(carolToken, 1), nodeOrderSchema);
    server.clock.advance(36 * 60_000);
    await chain.fund(carol.address, '100');
    const hash = await chain.pay(carol, treasury, '10');
    const refused = await moneyPost(server, carolToken, nodePaths.chainPay, {
      order_id: order.id,
      hash,
    });
    expectRefusal(refused, 400, apiErrors.node_order_expired.code);
    // The refusal says where the JU goes, so the app can tell Carol.
    expect(isPaidToBalance(refused.body.data)).toBe(true);
    // The 10 JU did reach the treasury: they come back to Carol's balance, once, and the
    // hash can no longer pay for anything else.
    expect((await walletOf(server, carolToken)).JU.available).toBe('10');
    const log = await server.request('GET', '/api/v1/user/moneyLog', { token: carolToken });
    expect(log.body.data.list).toEqual([
      expect.objectContaining({ type: 'payment_credit', coin: 'JU', amount: '10' }),
    ]);
    expectRefusal(
      await moneyPost(server, carolToken, nodePaths.chainPay, { order_id: order.id, hash }),
      400,
      apiErrors.hash_already_exists.code,
    );
    expect((await walletOf(server, carolToken)).JU.available).toBe('10');
    await assertLedgerInvariants(server.db);
  });

  it('counts purchases as personal and team performance', async () => {
    const hash = await chain.pay(bob, treasury, '60');
    dataOf(await moneyPost(server, bobToken, ticketPaths.buy, { hash }), ticketBuyDataSchema);
    expect(await userInfo(server, aliceToken)).toMatchObject({
      me_performance: '20',
      team_performance: '90',
    });
    expect(await userInfo(server, bobToken)).toMatchObject({
      me_performance: '90',
      team_performance: '0',
    });
    await assertLedgerInvariants(server.db);
  });

  it('holds the supply only for payments: unpaid quotes keep nobody from buying', async () => {
    const left = async (token: string) =>
      dataOf(await server.request('GET', nodePaths.config, { token }), nodeConfigDataSchema);
    // Five of six nodes are sold; quotes hold none of the last one.
    expect((await left(carolToken)).supply_left).toBe(1);
    const first = dataOf(await getOrder(carolToken, 1), nodeOrderSchema);
    const carols = dataOf(await getOrder(carolToken, 1), nodeOrderSchema);
    expect(await left(carolToken)).toMatchObject({ supply_left: 1, on_order: 0 });
    // One open quote per user: the newer one replaced the first.
    expectRefusal(await balanceBuy(carolToken, first.id), 409, apiErrors.node_order_not_open.code);

    // Alice pays for the last node while Carol's quote is still open.
    const alices = dataOf(await getOrder(aliceToken, 1), nodeOrderSchema);
    expect(dataOf(await balanceBuy(aliceToken, alices.id), nodeOrderSchema).status).toBe('paid');
    expect((await left(carolToken)).supply_left).toBe(0);
    expectRefusal(await getOrder(carolToken, 1), 400, apiErrors.node_sold_out.code);

    // Carol's payment comes after the last node went: refused, and her JU comes back.
    const hash = await chain.pay(carol, treasury, '10');
    const refused = await moneyPost(server, carolToken, nodePaths.chainPay, {
      order_id: carols.id,
      hash,
    });
    expectRefusal(refused, 400, apiErrors.node_sold_out.code);
    expect(isPaidToBalance(refused.body.data)).toBe(true);
    expect((await walletOf(server, carolToken)).JU.available).toBe('20');
    expect((await left(carolToken)).owned).toBe(0);
    await assertLedgerInvariants(server.db);
  });
});
