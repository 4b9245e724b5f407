// A payment belongs to the wallet that sent it, against a real local chain (Anvil, automine off
// where a transaction must wait in the pool): nobody can take a payment by copying its hash,
// from the pool or the chain; another of the user's wallets can hand its payment over only by
// signing a claim; a wallet's speed-up completes the payment and its cancel says nothing was
// paid; a user cannot pile up payments the chain has not mined; the re-check job gets round to
// everyone; a retry gets the first answer; a payment given up as dropped that is mined after
// all comes back to the balance.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  chainPaths,
  chainPaymentSchema,
  chainPaymentsDataSchema,
  paymentClaimMessage,
} from '../../contract/api/chain.ts';
import { cycleJoinDataSchema, cyclePaths } from '../../contract/api/cycle.ts';
import { apiErrors } from '../../contract/api/errors.ts';
import { nodeChainPayDataSchema, nodeOrderSchema, nodePaths } from '../../contract/api/node.ts';
import {
  ticketApplyDataSchema,
  ticketApplyListDataSchema,
  ticketBuyDataSchema,
  ticketListDataSchema,
  ticketPaths,
} from '../../contract/api/ticket.ts';
import { adminChainPaths, chainJobsDataSchema } from '../../server/admin/contractChain.ts';
import {
  register,
  startTestServer,
  TEST_CHAIN_ID,
  testWallet,
  type TestServer,
  type TestWallet,
} from './harness.ts';
import { randomAddress, startTestChain, type TestChain } from './support/chain.ts';
import { assertLedgerInvariants } from './support/ledgerInvariants.ts';
import { dataOf, expectRefusal, moneyPost, walletOf } from './support/money.ts';

const GWEI = 1_000_000_000n;

describe('a payment belongs to the wallet that sent it', () => {
  let chain: TestChain;
  let server: TestServer;
  const treasury = randomAddress();
  const names = ['payer', 'copier', 'spare', 'other', 'slow', 'busy'] as const;
  const wallets = Object.fromEntries(
    names.map((name) => [name, testWallet(`ownership ${name}`)]),
  ) as Record<(typeof names)[number], TestWallet>;
  const tokens = {} as Record<(typeof names)[number], string>;

  beforeAll(async () => {
    chain = await startTestChain();
    server = await startTestServer({
      chain: { rpcUrl: chain.rpcUrl, treasury, confirmations: 1 },
      payments: { pollMs: 3_600_000, recheckBatch: 2 },
    });
    let inviter: string | undefined;
    for (const name of names) {
      // 'spare' is the payer's second wallet: it pays, but has no account of its own.
      await chain.fund(wallets[name].address, '1000');
      if (name === 'spare') continue;
      tokens[name] = await register(server, wallets[name], inviter);
      inviter ??= tokens[name];
    }
  });
  afterAll(async () => {
    await server?.close();
    await chain?.stop();
  });
  beforeEach(async () => {
    await chain.setAutomine(true);
  });

  const buy = (token: string, hash: string, key?: string) =>
    moneyPost(server, token, ticketPaths.buy, { hash }, key);
  const apply = (token: string, body: { hash: string; payer_claim?: string }, key?: string) =>
    moneyPost(server, token, ticketPaths.apply, body, key);
  const payment = (token: string, hash: string) =>
    server.request('GET', `${chainPaths.payment}?hash=${hash}`, { token });
  const runJobs = async () =>
    dataOf(await server.admin('POST', adminChainPaths.runJobs), chainJobsDataSchema);
  const applications = async (token: string) =>
    dataOf(
      await server.request('GET', ticketPaths.applyList, { token }),
      ticketApplyListDataSchema,
    );
  const tickets = async (token: string) =>
    dataOf(await server.request('GET', ticketPaths.mine, { token }), ticketListDataSchema);

  it('A: a hash copied from the pool cannot be applied with by anyone but its payer', async () => {
    await chain.setAutomine(false);
    const hash = await chain.send(wallets.payer, treasury, '60');
    const copied = await apply(tokens.copier, { hash });
    expectRefusal(copied, 400, apiErrors.payment_wrong_sender.code);
    // Nothing was stored for anyone: no application, no payment, no ticket.
    expect((await applications(tokens.copier)).total).toBe(0);
    expectRefusal(await payment(tokens.copier, hash), 404, apiErrors.chain_payment_unknown.code);
    expectRefusal(await payment(tokens.payer, hash), 404, apiErrors.chain_payment_unknown.code);
    await chain.mine(1);
    const mine = dataOf(await apply(tokens.payer, { hash }), ticketApplyDataSchema);
    expect(mine.status).toBe('approved');
  });

  it('B: nor can a mined payment, and the refusal leaves nothing that blocks its payer', async () => {
    const hash = await chain.pay(wallets.other, treasury, '60');
    expectRefusal(await apply(tokens.copier, { hash }), 400, apiErrors.payment_wrong_sender.code);
    expect((await applications(tokens.copier)).total).toBe(0);
    expect(dataOf(await apply(tokens.other, { hash }), ticketApplyDataSchema).status).toBe(
      'approved',
    );
  });

  it('D: a ticket purchase copied from the pool goes to its payer only', async () => {
    await chain.setAutomine(false);
    const hash = await chain.send(wallets.payer, treasury, '60');
    expectRefusal(await buy(tokens.copier, hash), 400, apiErrors.payment_wrong_sender.code);
    const bought = dataOf(await buy(tokens.payer, hash), ticketBuyDataSchema);
    expect(bought.payment).toMatchObject({ status: 'pending', confirmations: 0 });
    expect(bought.ticket.status).toBe('pending_payment');
    await chain.mine(1);
    // Following the payment asks the chain again.
    server.clock.advance(3_000);
    expect(dataOf(await payment(tokens.payer, hash), chainPaymentSchema).status).toBe('confirmed');
    expect((await tickets(tokens.copier)).total).toBe(0);
  });

  it("takes another of the user's wallets' payment only with that wallet's signed claim", async () => {
    const hash = await chain.pay(wallets.spare, treasury, '60');
    const plain = await apply(tokens.copier, { hash });
    expectRefusal(plain, 400, apiErrors.payment_wrong_sender.code);
    // The refusal names the sender, so the app can ask that wallet to sign.
    expect(plain.body.data).toMatchObject({ sender: wallets.spare.address.toLowerCase() });
    const claimFor = (account: string, signer: TestWallet) =>
      signer.sign(
        paymentClaimMessage({
          hash,
          sender: wallets.spare.address,
          account,
          chainId: TEST_CHAIN_ID,
        }),
      );
    // Signed by someone else, or for another account: refused, nothing stored.
    expectRefusal(
      await apply(tokens.copier, {
        hash,
        payer_claim: claimFor(wallets.copier.address, wallets.copier),
      }),
      400,
      apiErrors.payment_claim_invalid.code,
    );
    expectRefusal(
      await apply(tokens.copier, {
        hash,
        payer_claim: claimFor(wallets.slow.address, wallets.spare),
      }),
      400,
      apiErrors.payment_claim_invalid.code,
    );
    expect((await applications(tokens.copier)).total).toBe(0);
    // Signed by the wallet that paid, for this account: it is the copier's now.
    const claimed = dataOf(
      await apply(tokens.copier, {
        hash,
        payer_claim: claimFor(wallets.copier.address, wallets.spare),
      }),
      ticketApplyDataSchema,
    );
    expect(claimed.status).toBe('approved');
    expect((await tickets(tokens.copier)).list[0]).toMatchObject({ hash: hash.toLowerCase() });
  });

  it('completes a payment the wallet sped up with the replacement it mined', async () => {
    await chain.setAutomine(false);
    const nonce = await chain.pendingNonce(wallets.slow.address);
    const hash = await chain.send(wallets.slow, treasury, '60', { nonce, gasPrice: 2n * GWEI });
    expect(dataOf(await buy(tokens.slow, hash), ticketBuyDataSchema).payment.status).toBe(
      'pending',
    );
    // Same sender, nonce and payment, a higher fee: the pool keeps the replacement only.
    const faster = await chain.send(wallets.slow, treasury, '60', { nonce, gasPrice: 5n * GWEI });
    await chain.mine(1);
    expect((await runJobs()).decided_payments).toBe(1);
    const paid = dataOf(await payment(tokens.slow, hash), chainPaymentSchema);
    expect(paid).toMatchObject({ status: 'confirmed', mined_hash: faster.toLowerCase() });
    expect((await tickets(tokens.slow)).list[0]).toMatchObject({ status: 'valid' });
    // The mined replacement is the same payment: it pays for nothing else.
    await chain.setAutomine(true);
    expectRefusal(await buy(tokens.slow, faster), 400, apiErrors.hash_already_exists.code);
  });

  it('says a payment the wallet cancelled was cancelled, and nothing was bought', async () => {
    await chain.setAutomine(false);
    const before = (await tickets(tokens.slow)).total;
    const nonce = await chain.pendingNonce(wallets.slow.address);
    const hash = await chain.send(wallets.slow, treasury, '60', { nonce, gasPrice: 2n * GWEI });
    dataOf(await buy(tokens.slow, hash), ticketBuyDataSchema);
    // A cancel: nothing to the wallet itself, same nonce, a higher fee.
    await chain.send(wallets.slow, wallets.slow.address, '0', { nonce, gasPrice: 5n * GWEI });
    await chain.mine(1);
    expect((await runJobs()).decided_payments).toBe(1);
    expect(dataOf(await payment(tokens.slow, hash), chainPaymentSchema)).toMatchObject({
      status: 'rejected',
      failure: 'payment_cancelled',
    });
    expect((await tickets(tokens.slow)).total).toBe(before);
    expect((await walletOf(server, tokens.slow)).JU.available).toBe('0');
  });

  it('keeps at most three unmined payments per user; the fourth is taken once they are mined', async () => {
    await chain.setAutomine(false);
    const hashes = [];
    for (let i = 0; i < 4; i++) hashes.push(await chain.send(wallets.busy, treasury, '60'));
    for (const hash of hashes.slice(0, 3))
      expect(dataOf(await buy(tokens.busy, hash), ticketBuyDataSchema).payment.status).toBe(
        'pending',
      );
    const fourth = await buy(tokens.busy, hashes[3]!);
    expectRefusal(fourth, 400, apiErrors.too_many_unmined_payments.code);
    // Nothing of it was stored: once the others are mined, it is taken.
    await chain.mine(1);
    expect(dataOf(await buy(tokens.busy, hashes[3]!), ticketBuyDataSchema).payment.status).toBe(
      'confirmed',
    );
    const pending = dataOf(
      await server.request('GET', `${chainPaths.payments}?status=pending`, { token: tokens.busy }),
      chainPaymentsDataSchema,
    );
    expect(pending.total).toBe(3);
    await runJobs();
  });

  it('re-checks the payments checked longest ago first, so nobody is starved', async () => {
    // Earlier payments still waiting for the job are decided first.
    while ((await runJobs()).decided_payments > 0);
    await chain.setAutomine(false);
    // Two of the busy user's payments leave the pool and stay pending (the node may see them
    // again), ahead of the slow user's, which is mined.
    const dropped = [
      await chain.send(wallets.busy, treasury, '60'),
      await chain.send(wallets.busy, treasury, '60'),
    ];
    for (const hash of dropped) dataOf(await buy(tokens.busy, hash), ticketBuyDataSchema);
    for (const hash of dropped) await chain.drop(hash);
    server.clock.advance(1_000);
    const slow = await chain.send(wallets.slow, treasury, '60');
    dataOf(await buy(tokens.slow, slow), ticketBuyDataSchema);
    await chain.mine(1);
    // Two per run (the test's batch): the first run looks at the two dropped ones…
    server.clock.advance(1_000);
    expect((await runJobs()).decided_payments).toBe(0);
    // …the next at the one checked longest ago: the slow user's.
    server.clock.advance(1_000);
    expect((await runJobs()).decided_payments).toBe(1);
    expect(dataOf(await payment(tokens.slow, slow), chainPaymentSchema).status).toBe('confirmed');
    // The dropped ones are given up after the waiting time, leaving no ticket behind.
    server.clock.advance(2 * 3_600_000);
    await runJobs();
    for (const hash of dropped)
      expect(dataOf(await payment(tokens.busy, hash), chainPaymentSchema)).toMatchObject({
        status: 'rejected',
        failure: 'payment_not_found',
      });
    const listed = (await tickets(tokens.busy)).list.map((t: { hash: string }) => t.hash);
    for (const hash of dropped) expect(listed).not.toContain(hash.toLowerCase());
  });

  it('credits a payment given up as dropped that the chain mines after all', async () => {
    await chain.setAutomine(false);
    const nonce = await chain.pendingNonce(wallets.other.address);
    const send = () =>
      chain.send(wallets.other, treasury, '60', { nonce, gasPrice: 3n * GWEI + 1n });
    const hash = await send();
    dataOf(await buy(tokens.other, hash), ticketBuyDataSchema);
    await chain.drop(hash);
    await runJobs();
    server.clock.advance(2 * 3_600_000);
    await runJobs();
    expect(dataOf(await payment(tokens.other, hash), chainPaymentSchema).failure).toBe(
      'payment_not_found',
    );
    // The wallet sends the very same transaction again, and it is mined.
    await chain.setAutomine(true);
    expect(await send()).toBe(hash);
    const before = (await walletOf(server, tokens.other)).JU.available;
    const again = await buy(tokens.other, hash);
    expectRefusal(again, 400, apiErrors.hash_already_exists.code);
    expect(again.body.data).toMatchObject({ paid_to_balance: true });
    // Credited at once when the node already counts the block, else by the next look: once.
    await runJobs();
    expect(Number((await walletOf(server, tokens.other)).JU.available) - Number(before)).toBe(60);
    await runJobs();
    expect(Number((await walletOf(server, tokens.other)).JU.available) - Number(before)).toBe(60);
    await assertLedgerInvariants(server.db);
  });

  it('answers a retry with the same key as the first time, on every paid route', async () => {
    const token = tokens.payer;
    // Ticket purchase.
    const ticketHash = await chain.pay(wallets.payer, treasury, '60');
    const key = randomUUID();
    const bought = dataOf(await buy(token, ticketHash, key), ticketBuyDataSchema);
    expect(dataOf(await buy(token, ticketHash, key), ticketBuyDataSchema)).toEqual(bought);
    const otherHash = await chain.pay(wallets.payer, treasury, '60');
    expectRefusal(await buy(token, otherHash, key), 409, apiErrors.idempotency_conflict.code);
    // Cycle join with that ticket.
    const cycleHash = await chain.pay(wallets.payer, treasury, '90.6');
    const cycleKey = randomUUID();
    const join = () =>
      moneyPost(
        server,
        token,
        cyclePaths.join,
        { ticket_id: bought.ticket.id, hash: cycleHash },
        cycleKey,
      );
    const joined = dataOf(await join(), cycleJoinDataSchema);
    expect(dataOf(await join(), cycleJoinDataSchema)).toEqual(joined);
    // Node purchase on chain.
    const order = dataOf(
      await server.request('POST', nodePaths.getOrder, { token, json: { quantity: 1 } }),
      nodeOrderSchema,
    );
    const nodeHash = await chain.pay(wallets.payer, treasury, '500');
    const nodeKey = randomUUID();
    const pay = () =>
      moneyPost(server, token, nodePaths.chainPay, { order_id: order.id, hash: nodeHash }, nodeKey);
    const paid = dataOf(await pay(), nodeChainPayDataSchema);
    expect(paid.order.status).toBe('paid');
    expect(dataOf(await pay(), nodeChainPayDataSchema)).toEqual(paid);
    // Dividend application (the slow user has not applied yet).
    const applyHash = await chain.pay(wallets.slow, treasury, '60');
    const applyKey = randomUUID();
    const applied = dataOf(
      await apply(tokens.slow, { hash: applyHash }, applyKey),
      ticketApplyDataSchema,
    );
    expect(
      dataOf(await apply(tokens.slow, { hash: applyHash }, applyKey), ticketApplyDataSchema),
    ).toEqual(applied);
    expect((await applications(tokens.slow)).total).toBe(1);
    await assertLedgerInvariants(server.db);
  });
});
