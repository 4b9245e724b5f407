// The JU withdrawal's network fee paid on chain: required, checked against the chain, used
// once; the operator completes the withdrawal only once the fee is confirmed; a fee the
// chain drops fails the withdrawal and returns its hold; a fee of another amount, or for a
// refused withdrawal, comes back to the balance.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPaidToBalance } from '../../contract/api/chain.ts';
import { apiErrors } from '../../contract/api/errors.ts';
import { withdrawalSchema, withdrawPaths } from '../../contract/api/withdraw.ts';
import { adminPaths } from '../../server/admin/contract.ts';
import { adminChainPaths } from '../../server/admin/contractChain.ts';
import { register, startTestServer, testWallet, type TestServer } from './harness.ts';
import { randomAddress, startTestChain, type TestChain } from './support/chain.ts';
import { assertLedgerInvariants } from './support/ledgerInvariants.ts';
import {
  credit,
  dataOf,
  expectRefusal,
  moneyPost,
  walletOf,
  TRON_ADDRESS,
} from './support/money.ts';

describe('JU withdrawal fee paid on chain', () => {
  let chain: TestChain;
  let server: TestServer;
  const treasury = randomAddress();
  const alice = testWallet('fee alice');
  let token: string;

  beforeAll(async () => {
    chain = await startTestChain();
    server = await startTestServer({
      chain: { rpcUrl: chain.rpcUrl, treasury, confirmations: 2 },
      payments: { pollMs: 3_600_000 },
      sessionTtlSeconds: 30 * 86_400,
    });
    token = await register(server, alice);
    await chain.fund(alice.address, '10');
    await credit(server, alice.address, 'JU', '100');
    await credit(server, alice.address, 'USDT', '100');
  });
  afterAll(async () => {
    await server?.close();
    await chain?.stop();
  });

  const withdraw = (body: Record<string, string>) =>
    moneyPost(server, token, withdrawPaths.apply, {
      coin: 'JU',
      address: alice.address,
      amount: '10',
      ...body,
    });
  const complete = (id: string) =>
    server.admin('POST', adminPaths.withdrawalComplete, { id, txid: `0x${'ab'.repeat(32)}` });

  it('needs the fee paid on chain, of the right amount', async () => {
    expectRefusal(await withdraw({}), 400, apiErrors.ju_fee_hash_required.code);
    const wrong = await chain.pay(alice, treasury, '0.02');
    await chain.mine(2);
    const unpaid = await withdraw({ fee_hash: wrong });
    expectRefusal(unpaid, 400, apiErrors.ju_fee_payment_failed.code);
    expect(unpaid.body.data).toMatchObject({ reason: 'payment_wrong_amount', field: 'fee_hash' });
    // What did reach the treasury comes back to the balance (deep enough: at once).
    expect(isPaidToBalance(unpaid.body.data)).toBe(true);
    expect((await walletOf(server, token)).JU).toEqual({ available: '100.02', frozen: '0' });
    // A hash the chain does not know is refused, and holds nothing.
    const unknown = await withdraw({ fee_hash: `0x${randomBytes(32).toString('hex')}` });
    expectRefusal(unknown, 400, apiErrors.payment_not_seen.code);
    expect(unknown.body.data).toMatchObject({ field: 'fee_hash' });
    expect((await walletOf(server, token)).JU).toEqual({ available: '100.02', frozen: '0' });
    // USDT pays its fee from the balance, as before.
    const usdt = dataOf(
      await moneyPost(server, token, withdrawPaths.apply, {
        coin: 'USDT',
        address: TRON_ADDRESS,
        amount: '10',
      }),
      withdrawalSchema,
    );
    expect(usdt.fee).toBe('2');
  });

  it('queues the withdrawal; the operator completes it once the fee is confirmed', async () => {
    const feeHash = await chain.pay(alice, treasury, '0.01');
    const withdrawal = dataOf(await withdraw({ fee_hash: feeHash }), withdrawalSchema);
    expect(withdrawal).toMatchObject({ status: 'processing', amount: '10', fee: '0.01' });
    expect((await walletOf(server, token)).JU).toEqual({ available: '90.02', frozen: '10' });
    expectRefusal(await complete(withdrawal.id), 409, apiErrors.withdrawal_fee_unconfirmed.code);

    await chain.mine(1);
    await server.admin('POST', adminChainPaths.runJobs);
    expect((await complete(withdrawal.id)).status).toBe(200);
    expect((await walletOf(server, token)).JU).toEqual({ available: '90.02', frozen: '0' });

    // A fee pays for one withdrawal only.
    expectRefusal(await withdraw({ fee_hash: feeHash }), 400, apiErrors.hash_already_exists.code);
  });

  it('fails the withdrawal and returns its hold when the chain drops the fee', async () => {
    await chain.setAutomine(false);
    try {
      // A fee price of its own, so no later payment is the very same transaction.
      const feeHash = await chain.send(alice, treasury, '0.01', { gasPrice: 3_000_000_007n });
      // In the node's pool: the fee is the user's, so the withdrawal is queued.
      const withdrawal = dataOf(
        await moneyPost(server, token, withdrawPaths.apply, {
          coin: 'JU',
          address: alice.address,
          amount: '5',
          fee_hash: feeHash,
        }),
        withdrawalSchema,
      );
      expect((await walletOf(server, token)).JU).toEqual({ available: '85.02', frozen: '5' });
      await chain.drop(feeHash);
      // The node no longer knows it; it may come back, so the server waits first.
      await server.admin('POST', adminChainPaths.runJobs);
      expect((await walletOf(server, token)).JU).toEqual({ available: '85.02', frozen: '5' });
      server.clock.advance(2 * 3_600_000);
      await server.admin('POST', adminChainPaths.runJobs);
      const after = dataOf(
        await server.request('GET', `${withdrawPaths.detail}?id=${withdrawal.id}`, { token }),
        withdrawalSchema,
      );
      expect(after).toMatchObject({
        status: 'failed',
        failure_reason: 'ju_fee_payment_failed',
        fee_outcome: 'not_taken',
      });
      expect((await walletOf(server, token)).JU).toEqual({ available: '90.02', frozen: '0' });
      await assertLedgerInvariants(server.db);
    } finally {
      await chain.setAutomine(true);
    }
  });

  it('returns the network fee, once, when the operator refuses a withdrawal: at once if confirmed, else on confirmation', async () => {
    const fail = (id: string) =>
      server.admin('POST', adminPaths.withdrawalFail, {
        id,
        reason: 'address frozen by compliance',
      });
    const detail = async (id: string) =>
      dataOf(
        await server.request('GET', `${withdrawPaths.detail}?id=${id}`, { token }),
        withdrawalSchema,
      );
    const before = (await walletOf(server, token)).JU.available;
    const plus = (amount: string) => (Number(before) + Number(amount)).toFixed(2);

    // A confirmed fee comes back with the hold, and a repeated refusal gives nothing more.
    const confirmedFee = await chain.pay(alice, treasury, '0.01');
    await chain.mine(1);
    const first = dataOf(await withdraw({ fee_hash: confirmedFee }), withdrawalSchema);
    await server.admin('POST', adminChainPaths.runJobs);
    expect((await fail(first.id)).status).toBe(200);
    expect((await fail(first.id)).status).toBe(200);
    expect(await detail(first.id)).toMatchObject({ status: 'failed', fee_outcome: 'returned' });
    expect((await walletOf(server, token)).JU.available).toBe(plus('0.01'));

    // A fee still unconfirmed when the operator refuses comes back once the chain confirms it.
    await chain.setAutomine(false);
    let second: { id: string };
    try {
      const pendingFee = await chain.send(alice, treasury, '0.01', { gasPrice: 3_000_000_011n });
      second = dataOf(await withdraw({ fee_hash: pendingFee }), withdrawalSchema);
      expect((await fail(second.id)).status).toBe(200);
      expect(await detail(second.id)).toMatchObject({ fee_outcome: 'returned_when_confirmed' });
      expect((await walletOf(server, token)).JU.available).toBe(plus('0.01'));
    } finally {
      await chain.setAutomine(true);
    }
    await chain.mine(2);
    await server.admin('POST', adminChainPaths.runJobs);
    await server.admin('POST', adminChainPaths.runJobs);
    expect(await detail(second.id)).toMatchObject({ fee_outcome: 'returned' });
    expect((await walletOf(server, token)).JU.available).toBe(plus('0.02'));
    await assertLedgerInvariants(server.db);
  });

  it('gives back a fee paid on chain when the withdrawal itself is refused', async () => {
    const before = (await walletOf(server, token)).JU.available;
    const feeHash = await chain.pay(alice, treasury, '0.01');
    const refused = await withdraw({ fee_hash: feeHash, amount: '1000000' });
    expectRefusal(refused, 400, apiErrors.insufficient_balance.code);
    expect(isPaidToBalance(refused.body.data)).toBe(true);
    // Not confirmed deeply enough yet: nothing is credited until the chain says so.
    expect((await walletOf(server, token)).JU.available).toBe(before);
    await chain.mine(2);
    await server.admin('POST', adminChainPaths.runJobs);
    await server.admin('POST', adminChainPaths.runJobs);
    const after = (await walletOf(server, token)).JU.available;
    expect(Number(after) - Number(before)).toBeCloseTo(0.01, 9);
    // The hash is spent: it pays for no withdrawal now, and is never credited twice.
    expectRefusal(await withdraw({ fee_hash: feeHash }), 400, apiErrors.hash_already_exists.code);
    expect((await walletOf(server, token)).JU.available).toBe(after);
    await assertLedgerInvariants(server.db);
  });
});
