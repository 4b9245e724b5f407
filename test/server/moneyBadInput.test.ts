// Every money call refuses bad input with a clear answer below 500 and changes nothing.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiErrors, type ApiErrorName } from '../../contract/api/errors.ts';
import { transferPaths } from '../../contract/api/transfer.ts';
import { walletPaths } from '../../contract/api/wallet.ts';
import { withdrawPaths } from '../../contract/api/withdraw.ts';
import { login, startTestServer, testWallet, type TestServer } from './harness.ts';
import { assertLedgerInvariants } from './support/ledgerInvariants.ts';
import { credit, moneyPost, TRON_ADDRESS, withdrawOk } from './support/money.ts';

const alice = testWallet('bad input alice');
const bob = testWallet('bad input bob');
/** Bob's address with one letter's case flipped: a wrong EIP-55 checksum. */
const wrongChecksum = bob.address.replace(/[a-f]/, (letter) => letter.toUpperCase());
/** A valid TRON address with one character changed: a wrong Base58Check checksum. */
const wrongTron = TRON_ADDRESS.slice(0, -1) + (TRON_ADDRESS.endsWith('8') ? '9' : '8');

type Case = [label: string, body: unknown, error: ApiErrorName];

const amountCases = (base: Record<string, unknown>): Case[] => [
  ['zero', { ...base, amount: '0' }, 'amount_not_positive'],
  ['negative', { ...base, amount: '-1' }, 'amount_not_positive'],
  ['empty', { ...base, amount: '' }, 'amount_required'],
  ['non-numeric', { ...base, amount: 'ten' }, 'invalid_amount'],
  ['exponent', { ...base, amount: '1e3' }, 'invalid_amount'],
  ['hex', { ...base, amount: '0x10' }, 'invalid_amount'],
  ['spaces', { ...base, amount: ' 1' }, 'invalid_amount'],
  ['too many decimals', { ...base, amount: '1.0000001' }, 'amount_too_precise'],
  ['huge', { ...base, amount: '99999999999999999999999' }, 'amount_too_large'],
  ['over 64 bits', { ...base, amount: '9223372036855' }, 'amount_too_large'],
  ['a JSON number', { ...base, amount: 1 }, 'validation'],
  ['null', { ...base, amount: null }, 'validation'],
  ['missing amount', { ...base, amount: undefined }, 'validation'],
];

const transferCases: Case[] = [
  ...amountCases({ address: bob.address }),
  ['more than the balance', { address: bob.address, amount: '5000' }, 'insufficient_balance'],
  ['wrong checksum', { address: wrongChecksum, amount: '1' }, 'invalid_address'],
  ['not an address', { address: '0x1234', amount: '1' }, 'invalid_address'],
  ['a TRON address', { address: TRON_ADDRESS, amount: '1' }, 'invalid_address'],
  ['address with spaces', { address: ` ${bob.address}`, amount: '1' }, 'invalid_address'],
  ['address a number', { address: 42, amount: '1' }, 'validation'],
  ['missing address', { amount: '1' }, 'validation'],
  [
    'unregistered recipient',
    { address: testWallet('nobody').address, amount: '1' },
    'recipient_not_found',
  ],
  ['remark too long', { address: bob.address, amount: '1', remark: 'x'.repeat(101) }, 'validation'],
  ['remark an object', { address: bob.address, amount: '1', remark: {} }, 'validation'],
  ['an array body', [1, 2], 'validation'],
  ['a string body', 'transfer', 'validation'],
];

const withdrawCases: Case[] = [
  ...amountCases({ coin: 'USDT', address: TRON_ADDRESS }),
  [
    'below the minimum',
    { coin: 'USDT', address: TRON_ADDRESS, amount: '9' },
    'amount_below_minimum',
  ],
  [
    'more than the balance',
    { coin: 'USDT', address: TRON_ADDRESS, amount: '99' },
    'insufficient_balance',
  ],
  [
    'wrong TRON checksum',
    { coin: 'USDT', address: wrongTron, amount: '10' },
    'tron_address_checksum',
  ],
  [
    'EVM address for USDT',
    { coin: 'USDT', address: bob.address, amount: '10' },
    'invalid_tron_address',
  ],
  ['TRON address for JU', { coin: 'JU', address: TRON_ADDRESS, amount: '10' }, 'invalid_address'],
  [
    'wrong EIP-55 checksum for JU',
    { coin: 'JU', address: wrongChecksum, amount: '10' },
    'invalid_address',
  ],
  ['unknown coin', { coin: 'BTC', address: TRON_ADDRESS, amount: '10' }, 'coin_not_withdrawable'],
  ['tickets', { coin: 'TICKET', address: TRON_ADDRESS, amount: '10' }, 'coin_not_withdrawable'],
  [
    'lower-case coin',
    { coin: 'usdt', address: TRON_ADDRESS, amount: '10' },
    'coin_not_withdrawable',
  ],
  ['missing coin', { address: TRON_ADDRESS, amount: '10' }, 'validation'],
  ['coin a number', { coin: 1, address: TRON_ADDRESS, amount: '10' }, 'coin_not_withdrawable'],
  ['missing address', { coin: 'USDT', amount: '10' }, 'validation'],
  ['a null body', null, 'validation'],
];

const queryCases: [label: string, path: string, error: ApiErrorName][] = [
  ['money log, unknown coin', `${walletPaths.moneyLog}?coin=BTC`, 'validation'],
  ['money log, unknown type', `${walletPaths.moneyLog}?type=steal`, 'validation'],
  ['money log, page 0', `${walletPaths.moneyLog}?page=0`, 'validation'],
  ['money log, page -1', `${walletPaths.moneyLog}?page=-1`, 'validation'],
  ['money log, page_size 51', `${walletPaths.moneyLog}?page_size=51`, 'validation'],
  ['money log, page_size 1e3', `${walletPaths.moneyLog}?page_size=1e3`, 'validation'],
  ['income, page_size abc', `${walletPaths.incomeList}?page_size=abc`, 'validation'],
  ['transfer list, direction sideways', `${transferPaths.list}?direction=sideways`, 'validation'],
  ['withdraw list, coin TICKET', `${withdrawPaths.list}?coin=TICKET`, 'coin_not_withdrawable'],
  ['withdraw detail, no id', withdrawPaths.detail, 'validation'],
  ['withdraw detail, id 0', `${withdrawPaths.detail}?id=0`, 'validation'],
  ['withdraw detail, id -1', `${withdrawPaths.detail}?id=-1`, 'validation'],
  ['withdraw detail, id 1e3', `${withdrawPaths.detail}?id=1e3`, 'validation'],
  ['withdraw detail, huge id', `${withdrawPaths.detail}?id=${'9'.repeat(30)}`, 'validation'],
  ['withdraw detail, unknown id', `${withdrawPaths.detail}?id=999999`, 'withdrawal_not_found'],
];

describe('bad money input', { timeout: 30_000 }, () => {
  let server: TestServer;
  let aliceToken: string;
  let bobToken: string;
  let snapshot: () => Promise<unknown>;

  beforeAll(async () => {
    server = await startTestServer({ inviteRequired: false });
    aliceToken = await login(server, alice);
    bobToken = await login(server, bob);
    await credit(server, alice.address, 'TICKET', '100');
    await credit(server, alice.address, 'USDT', '100');
    await credit(server, bob.address, 'USDT', '100');
    snapshot = async () => ({
      accounts: await server.db.kysely.selectFrom('accounts').selectAll().orderBy('id').execute(),
      transfers: (await server.db.kysely.selectFrom('transfers').select('id').execute()).length,
      withdrawals: await server.db.kysely.selectFrom('withdrawals').selectAll().execute(),
      keys: (await server.db.kysely.selectFrom('idempotency_keys').select('key').execute()).length,
    });
  });
  afterEach(() => assertLedgerInvariants(server.db));
  afterAll(() => server.close());

  const expectClearRefusal = (
    answer: { status: number; body: { code: number; message: string; data: unknown } },
    error: ApiErrorName,
    label: string,
  ) => {
    expect(answer.status, label).toBe(apiErrors[error].status);
    expect(answer.status, label).toBeLessThan(500);
    expect(answer.body, label).toEqual({
      code: apiErrors[error].code,
      message: expect.any(String),
      data: answer.body.data,
    });
    expect(answer.body.message.length, label).toBeGreaterThan(3);
  };

  it.each([
    ['transfer', transferPaths.transfer, transferCases],
    ['withdraw', withdrawPaths.apply, withdrawCases],
  ] as const)('%s refuses every bad body and changes nothing', async (_name, path, cases) => {
    const before = await snapshot();
    for (const [label, body, error] of cases) {
      const answer = await moneyPost(server, aliceToken, path, body);
      expectClearRefusal(answer, error, label);
    }
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ['transfer', transferPaths.transfer, { address: bob.address, amount: '1' }],
    ['withdraw', withdrawPaths.apply, { coin: 'USDT', address: TRON_ADDRESS, amount: '10' }],
  ] as const)('%s without a usable Idempotency-Key is refused', async (_name, path, body) => {
    const before = await snapshot();
    expectClearRefusal(
      await moneyPost(server, aliceToken, path, body, null),
      'idempotency_key_required',
      'missing',
    );
    expectClearRefusal(
      await moneyPost(server, aliceToken, path, body, 'has space'),
      'validation',
      'space',
    );
    expectClearRefusal(
      await moneyPost(server, aliceToken, path, body, 'k'.repeat(129)),
      'validation',
      'long',
    );
    expect(await snapshot()).toEqual(before);
  });

  it('every list refuses bad filters and pages', async () => {
    for (const [label, path, error] of queryCases) {
      expectClearRefusal(await server.request('GET', path, { token: aliceToken }), error, label);
    }
  });

  it("someone else's withdrawal is not found, and cannot be seen", async () => {
    const bobs = await withdrawOk(server, bobToken, {
      coin: 'USDT',
      address: TRON_ADDRESS,
      amount: '10',
    });
    const answer = await server.request('GET', `${withdrawPaths.detail}?id=${bobs.id}`, {
      token: aliceToken,
    });
    expectClearRefusal(answer, 'withdrawal_not_found', 'other user');
    expect(answer.text).not.toContain(bobs.address);
  });

  it('the operator commands refuse bad ids, txids and reasons', async () => {
    const cases: [string, unknown, ApiErrorName][] = [
      ['/admin/v1/withdrawals/complete', { id: '999999', txid: 'x' }, 'withdrawal_not_found'],
      ['/admin/v1/withdrawals/complete', { id: 'abc', txid: 'x' }, 'validation'],
      ['/admin/v1/withdrawals/complete', { id: '1', txid: '' }, 'validation'],
      ['/admin/v1/withdrawals/complete', { id: '1', txid: 'a b' }, 'validation'],
      ['/admin/v1/withdrawals/fail', { id: '1', reason: '   ' }, 'validation'],
      ['/admin/v1/withdrawals/fail', { id: 1, reason: 'x' }, 'validation'],
    ];
    const before = await snapshot();
    for (const [path, body, error] of cases)
      expectClearRefusal(
        await server.admin('POST', path, body),
        error,
        `${path} ${JSON.stringify(body)}`,
      );
    expect(await snapshot()).toEqual(before);
  });
});
