// Wallet, ticket transfers and withdrawals end to end over HTTP, on SQLite and PostgreSQL.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiErrors } from '../../contract/api/errors.ts';
import { transferListDataSchema, transferPaths } from '../../contract/api/transfer.ts';
import { incomeDataSchema, moneyLogDataSchema, walletPaths } from '../../contract/api/wallet.ts';
import {
  withdrawalSchema,
  withdrawConfigDataSchema,
  withdrawListDataSchema,
  withdrawPaths,
} from '../../contract/api/withdraw.ts';
import { adminPaths, withdrawalFinishDataSchema } from '../../server/admin/contract.ts';
import { login, startTestServer, testWallet, type TestServer } from './harness.ts';
import { assertLedgerInvariants } from './support/ledgerInvariants.ts';
import {
  credit,
  dataOf,
  expectRefusal,
  finish,
  finishOk,
  tronTxid,
  transfer,
  transferOk,
  TRON_ADDRESS,
  walletOf,
  withdraw,
  withdrawOk,
} from './support/money.ts';

describe('money', () => {
  let server: TestServer;
  const alice = testWallet('money alice');
  const bob = testWallet('money bob');
  let aliceToken: string;
  let bobToken: string;

  beforeAll(async () => {
    server = await startTestServer({ inviteRequired: false });
    aliceToken = await login(server, alice);
    bobToken = await login(server, bob);
    await credit(server, alice.address, 'TICKET', '100');
    await credit(server, alice.address, 'USDT', '500');
  });
  afterEach(() => assertLedgerInvariants(server.db));
  afterAll(() => server.close());

  const get = (path: string, token = aliceToken) => server.request('GET', path, { token });

  it('shows every balance, available and frozen', async () => {
    expect(await walletOf(server, aliceToken)).toEqual({
      JU: { available: '0', frozen: '0' },
      USDT: { available: '500', frozen: '0' },
      TICKET: { available: '100', frozen: '0' },
    });
  });

  it('transfers tickets; both sides see the record, money log and balances', async () => {
    const sent = await transferOk(server, aliceToken, {
      address: bob.address.toLowerCase(),
      amount: '12.5',
      remark: ' lunch ',
    });
    expect(sent).toMatchObject({
      direction: 'out',
      coin: 'TICKET',
      counterparty: bob.address,
      amount: '12.5',
      remark: 'lunch',
      status: 'success',
    });
    expect((await walletOf(server, aliceToken)).TICKET.available).toBe('87.5');
    expect((await walletOf(server, bobToken)).TICKET.available).toBe('12.5');

    const out = dataOf(await get(`${transferPaths.list}?direction=out`), transferListDataSchema);
    expect(out.total).toBe(1);
    expect(out.list[0]).toEqual(sent);
    const incoming = dataOf(
      await get(`${transferPaths.list}?direction=in`, bobToken),
      transferListDataSchema,
    );
    expect(incoming.list[0]).toMatchObject({
      id: sent.id,
      direction: 'in',
      counterparty: alice.address,
      amount: '12.5',
    });

    const bobLog = dataOf(await get(walletPaths.moneyLog, bobToken), moneyLogDataSchema);
    expect(bobLog.list[0]).toMatchObject({
      type: 'transfer_in',
      coin: 'TICKET',
      amount: '12.5',
      status: 'success',
      counterparty: alice.address,
      remark: 'lunch',
      balance_after: '12.5',
    });
    const aliceOut = dataOf(
      await get(`${walletPaths.moneyLog}?type=transfer_out&coin=TICKET`),
      moneyLogDataSchema,
    );
    expect(aliceOut.list.map((row) => row.amount)).toEqual(['-12.5']);
  });

  it('a retry with the same key moves nothing and answers the same; another body is a 409', async () => {
    const body = { address: bob.address, amount: '1' };
    const first = await transfer(server, aliceToken, body, 'retry-key-1');
    const again = await transfer(server, aliceToken, { ...body, amount: '1.000' }, 'retry-key-1');
    expect(again.body).toEqual(first.body);
    expect((await walletOf(server, aliceToken)).TICKET.available).toBe('86.5');
    const other = await transfer(server, aliceToken, { ...body, amount: '2' }, 'retry-key-1');
    expectRefusal(other, 409, apiErrors.idempotency_conflict.code);
    expect((await walletOf(server, aliceToken)).TICKET.available).toBe('86.5');
    // Keys belong to their user: bob may use the same one for his own transfer.
    const bobs = await transfer(
      server,
      bobToken,
      { address: alice.address, amount: '1' },
      'retry-key-1',
    );
    expect(bobs.status).toBe(200);
  });

  it('refuses a transfer to an unknown address, to oneself, beyond the balance or without a key', async () => {
    const before = await walletOf(server, aliceToken);
    const stranger = testWallet('money stranger');
    expectRefusal(
      await transfer(server, aliceToken, { address: stranger.address, amount: '1' }),
      400,
      apiErrors.recipient_not_found.code,
    );
    expectRefusal(
      await transfer(server, aliceToken, { address: alice.address, amount: '1' }),
      400,
      apiErrors.transfer_to_self.code,
    );
    expectRefusal(
      await transfer(server, aliceToken, { address: bob.address, amount: '1000' }),
      400,
      apiErrors.insufficient_balance.code,
    );
    expectRefusal(
      await transfer(server, aliceToken, { address: bob.address, amount: '1' }, null),
      400,
      apiErrors.idempotency_key_required.code,
    );
    expect(await walletOf(server, aliceToken)).toEqual(before);
  });

  it('tells the withdrawal notice from server settings', async () => {
    const config = dataOf(await get(withdrawPaths.config), withdrawConfigDataSchema);
    expect(config.coins).toEqual([
      { coin: 'USDT', network: 'TRC20', fee: '2', minimum: '10', processing_hours: 24 },
      { coin: 'JU', network: 'JuChain', fee: '0.01', minimum: '1', processing_hours: 24 },
    ]);
  });

  it('holds a withdrawal with its fee, then completes it with an explorer link', async () => {
    const applied = await withdrawOk(server, aliceToken, {
      coin: 'USDT',
      address: TRON_ADDRESS,
      amount: '100',
    });
    expect(applied).toMatchObject({
      coin: 'USDT',
      network: 'TRC20',
      address: TRON_ADDRESS,
      amount: '100',
      fee: '2',
      status: 'processing',
      txid: null,
      explorer_url: null,
    });
    expect((await walletOf(server, aliceToken)).USDT).toEqual({ available: '398', frozen: '102' });
    const log = dataOf(await get(`${walletPaths.moneyLog}?type=withdraw`), moneyLogDataSchema);
    expect(log.list[0]).toMatchObject({
      amount: '-102',
      fee: '2',
      status: 'pending',
      counterparty: TRON_ADDRESS,
      withdrawal_id: applied.id,
    });

    // A transaction id of another network, or one digit short, is refused and changes nothing.
    for (const txid of [`0x${tronTxid('paid').slice(1)}`, `0x${tronTxid('paid')}`, 'abc123'])
      expectRefusal(
        await finish(server, applied.id, { txid }),
        400,
        apiErrors.withdrawal_txid_invalid.code,
      );
    expect((await walletOf(server, aliceToken)).USDT).toEqual({ available: '398', frozen: '102' });
    const txid = tronTxid('paid');
    const done = await finishOk(server, applied.id, { txid });
    expect(done.changed).toBe(true);
    expect(done.withdrawal).toMatchObject({
      status: 'completed',
      txid,
      explorer_url: `https://tronscan.org/#/transaction/${txid}`,
    });
    expect((await walletOf(server, aliceToken)).USDT).toEqual({ available: '398', frozen: '0' });
    // The same command again changes nothing; failing it now is refused.
    expect((await finishOk(server, applied.id, { txid })).changed).toBe(false);
    expectRefusal(
      await finish(server, applied.id, { reason: 'too late' }),
      409,
      apiErrors.withdrawal_not_processing.code,
    );
    const list = dataOf(await get(withdrawPaths.list), withdrawListDataSchema);
    expect(list.list[0]).toEqual(done.withdrawal);
    const after = dataOf(await get(`${walletPaths.moneyLog}?type=withdraw`), moneyLogDataSchema);
    expect(after.list[0]!.status).toBe('success');
  });

  it('a failed withdrawal returns the hold and shows as refunded', async () => {
    const applied = await withdrawOk(server, aliceToken, {
      coin: 'USDT',
      address: TRON_ADDRESS,
      amount: '10',
    });
    expect((await walletOf(server, aliceToken)).USDT).toEqual({ available: '386', frozen: '12' });
    const failed = await finishOk(server, applied.id, { reason: 'address frozen on chain' });
    expect(failed.withdrawal).toMatchObject({
      status: 'failed',
      failure_reason: 'address frozen on chain',
    });
    expect((await walletOf(server, aliceToken)).USDT).toEqual({ available: '398', frozen: '0' });
    const log = dataOf(await get(`${walletPaths.moneyLog}?coin=USDT`), moneyLogDataSchema);
    expect(log.list.slice(0, 2).map((row) => [row.type, row.amount, row.status])).toEqual([
      ['withdraw_refund', '12', 'success'],
      ['withdraw', '-12', 'failed'],
    ]);
  });

  it('an unknown withdrawal keeps its hold until the operator completes or fails it', async () => {
    const carol = testWallet('money carol');
    const carolToken = await login(server, carol);
    await credit(server, carol.address, 'USDT', '20');
    const applied = await withdrawOk(server, carolToken, {
      coin: 'USDT',
      address: TRON_ADDRESS,
      amount: '10',
    });
    const unknown = dataOf(
      await server.admin('POST', adminPaths.withdrawalUnknown, { id: applied.id }),
      withdrawalFinishDataSchema,
    );
    expect(unknown.withdrawal).toMatchObject({ status: 'unknown', finished_at: null });
    expect((await walletOf(server, carolToken)).USDT).toEqual({ available: '8', frozen: '12' });
    const log = dataOf(
      await get(`${walletPaths.moneyLog}?type=withdraw`, carolToken),
      moneyLogDataSchema,
    );
    expect(log.list[0]).toMatchObject({ withdrawal_id: applied.id, status: 'pending' });

    const done = await finishOk(server, applied.id, { txid: tronTxid('checked on chain') });
    expect(done.withdrawal.status).toBe('completed');
    expect((await walletOf(server, carolToken)).USDT).toEqual({ available: '8', frozen: '0' });
    expectRefusal(
      await server.admin('POST', adminPaths.withdrawalUnknown, { id: applied.id }),
      409,
      apiErrors.withdrawal_not_processing.code,
    );
  });

  it('refuses a withdrawal below the minimum or beyond the balance, and changes nothing', async () => {
    const before = await walletOf(server, aliceToken);
    const below = await withdraw(server, aliceToken, {
      coin: 'USDT',
      address: TRON_ADDRESS,
      amount: '9.99',
    });
    expectRefusal(below, 400, apiErrors.amount_below_minimum.code);
    expect(below.body.message).toBe('The amount is below the minimum of 10 USDT');
    // 397 + 2 fee is more than the 398 available.
    expectRefusal(
      await withdraw(server, aliceToken, { coin: 'USDT', address: TRON_ADDRESS, amount: '397' }),
      400,
      apiErrors.insufficient_balance.code,
    );
    expect(await walletOf(server, aliceToken)).toEqual(before);
  });

  it('shows a withdrawal only to its owner', async () => {
    const mine = dataOf(await get(withdrawPaths.list), withdrawListDataSchema).list[0]!;
    const own = await get(`${withdrawPaths.detail}?id=${mine.id}`);
    expect(dataOf(own, withdrawalSchema)).toEqual(mine);
    expectRefusal(
      await get(`${withdrawPaths.detail}?id=${mine.id}`, bobToken),
      404,
      apiErrors.withdrawal_not_found.code,
    );
    expect(dataOf(await get(withdrawPaths.list, bobToken), withdrawListDataSchema).total).toBe(0);
  });

  it('lists operator credits as income, paged', async () => {
    const income = dataOf(await get(`${walletPaths.incomeList}?page_size=1`), incomeDataSchema);
    expect(income.total).toBe(2);
    expect(income.list).toEqual([
      expect.objectContaining({ kind: 'deposit', coin: 'USDT', amount: '500' }),
    ]);
    const past = dataOf(await get(`${walletPaths.incomeList}?page=9`), incomeDataSchema);
    expect(past).toEqual({ list: [], total: 2 });
    expectRefusal(
      await get(`${walletPaths.incomeList}?page_size=51`),
      400,
      apiErrors.validation.code,
    );
  });

  it('needs a signed-in user for every money call', async () => {
    for (const path of [walletPaths.wallet, walletPaths.moneyLog, withdrawPaths.list]) {
      expectRefusal(await server.request('GET', path), 401, apiErrors.unauthorized.code);
    }
    expectRefusal(
      await server.request('POST', transferPaths.transfer, { json: {} }),
      401,
      apiErrors.unauthorized.code,
    );
  });
});

describe('money rate limit', () => {
  it('limits money calls per user, whatever the session', async () => {
    const server = await startTestServer({
      inviteRequired: false,
      rateLimits: { money: { max: 3, windowMs: 60_000 } },
    });
    try {
      const carol = testWallet('limit carol');
      const dave = testWallet('limit dave');
      const [first, second] = [await login(server, carol), await login(server, carol)];
      await login(server, dave);
      const body = { address: dave.address, amount: '1' };
      const statuses = [];
      for (const token of [first, second, first, second])
        statuses.push((await transfer(server, token, body)).status);
      // Three refused for balance (400), then the fourth call is over the limit.
      expect(statuses).toEqual([400, 400, 400, 429]);
      server.clock.advance(60_000);
      expect((await transfer(server, first, body)).status).toBe(400);
    } finally {
      await server.close();
    }
  });
});
