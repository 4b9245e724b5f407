// What a withdrawal record says about its fee: the USDT fee held from the balance, or the JU
// network fee the wallet paid on chain (never 'fee 0'); the money log shows only what the
// balance paid.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneyLogDataSchema, walletPaths } from '../../contract/api/wallet.ts';
import {
  withdrawalSchema,
  withdrawListDataSchema,
  withdrawPaths,
} from '../../contract/api/withdraw.ts';
import { adminPaths } from '../../server/admin/contract.ts';
import { register, startTestServer, testWallet, type TestServer } from './harness.ts';
import { randomAddress, startTestChain, type TestChain } from './support/chain.ts';
import { credit, dataOf, moneyPost, TRON_ADDRESS } from './support/money.ts';

describe('the fee on a withdrawal record', () => {
  let chain: TestChain;
  let server: TestServer;
  const treasury = randomAddress();
  const alice = testWallet('record alice');
  let token: string;

  beforeAll(async () => {
    chain = await startTestChain();
    server = await startTestServer({
      chain: { rpcUrl: chain.rpcUrl, treasury, confirmations: 1 },
      payments: { pollMs: 3_600_000 },
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

  const get = (path: string) => server.request('GET', path, { token });

  it('names the network fee the wallet paid for JU, and the held fee for USDT', async () => {
    const usdt = dataOf(
      await moneyPost(server, token, withdrawPaths.apply, {
        coin: 'USDT',
        address: TRON_ADDRESS,
        amount: '10',
      }),
      withdrawalSchema,
    );
    expect(usdt).toMatchObject({ network: 'TRC20', fee: '2', fee_on_chain: false });

    const feeHash = await chain.pay(alice, treasury, '0.01');
    const ju = dataOf(
      await moneyPost(server, token, withdrawPaths.apply, {
        coin: 'JU',
        address: alice.address,
        amount: '10',
        fee_hash: feeHash,
      }),
      withdrawalSchema,
    );
    expect(ju).toMatchObject({ network: 'JuChain', fee: '0.01', fee_on_chain: true });

    // The list, the detail and the operator's list say the same.
    const listed = dataOf(await get(withdrawPaths.list), withdrawListDataSchema);
    expect(listed.list).toEqual([ju, usdt]);
    expect(dataOf(await get(`${withdrawPaths.detail}?id=${ju.id}`), withdrawalSchema)).toEqual(ju);
    const operator = await server.admin('GET', `${adminPaths.withdrawals}?page=1&page_size=10`);
    expect(operator.body.data.list[0]).toMatchObject({
      id: ju.id,
      fee: '0.01',
      fee_on_chain: true,
    });

    // The money log: the USDT fee is part of what left the balance; the JU fee never was.
    const log = dataOf(await get(`${walletPaths.moneyLog}?type=withdraw`), moneyLogDataSchema);
    expect(log.list.map(({ amount, fee }) => ({ amount, fee }))).toEqual([
      { amount: '-10', fee: null },
      { amount: '-12', fee: '2' },
    ]);
  });
});
