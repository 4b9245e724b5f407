// Concurrent money requests over HTTP: no double spend, one effect per key, and a
// withdrawal is either completed or failed, never both.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { transferRowSchema } from '../../contract/api/transfer.ts';
import * as v from 'valibot';
import { apiResponse } from '../../contract/api/response.ts';
import { login, startTestServer, testWallet, type TestServer } from './harness.ts';
import { assertLedgerInvariants } from './support/ledgerInvariants.ts';
import {
  credit,
  finish,
  transfer,
  TRON_ADDRESS,
  tronTxid,
  walletOf,
  withdrawOk,
} from './support/money.ts';

describe('money races', { timeout: 30_000 }, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ inviteRequired: false });
  });
  afterEach(() => assertLedgerInvariants(server.db));
  afterAll(() => server.close());

  it('20 concurrent transfers from an account that affords 10: exactly 10 succeed', async () => {
    const payer = testWallet('race payer');
    const payee = testWallet('race payee');
    const token = await login(server, payer);
    await login(server, payee);
    await credit(server, payer.address, 'TICKET', '10');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        transfer(server, token, { address: payee.address, amount: '1' }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(10).fill(200), ...Array(10).fill(400)]);
    for (const answer of answers.filter((a) => a.status === 400))
      expect(answer.body.code).toBe(40010);
    expect((await walletOf(server, token)).TICKET.available).toBe('0');
    const rows = await server.db.kysely.selectFrom('ticket_transfers').selectAll().execute();
    expect(rows.filter((row) => row.amount === 1_000_000n)).toHaveLength(10);
  });

  it('20 concurrent retries with one key: one effect, the same answer to all', async () => {
    const payer = testWallet('retry payer');
    const payee = testWallet('retry payee');
    const token = await login(server, payer);
    await login(server, payee);
    await credit(server, payer.address, 'TICKET', '100');
    const before = await server.db.kysely.selectFrom('ticket_transfers').selectAll().execute();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        transfer(server, token, { address: payee.address, amount: '3' }, 'one-intent'),
      ),
    );
    for (const answer of answers) {
      expect(answer.status, answer.text).toBe(200);
      v.parse(apiResponse(transferRowSchema), answer.body);
      expect(answer.body).toEqual(answers[0]!.body);
    }
    expect((await walletOf(server, token)).TICKET.available).toBe('97');
    const after = await server.db.kysely.selectFrom('ticket_transfers').selectAll().execute();
    expect(after.length - before.length).toBe(1);
  });

  it('complete racing fail on one withdrawal: exactly one wins', async () => {
    const user = testWallet('race withdrawer');
    const token = await login(server, user);
    await credit(server, user.address, 'USDT', '1000');
    for (let round = 0; round < 5; round++) {
      const applied = await withdrawOk(server, token, {
        coin: 'USDT',
        address: TRON_ADDRESS,
        amount: '10',
      });
      const answers = await Promise.all([
        finish(server, applied.id, { txid: tronTxid(`tx-${round}`) }),
        finish(server, applied.id, { reason: 'race' }),
        finish(server, applied.id, { txid: tronTxid(`tx-${round}-other`) }),
        finish(server, applied.id, { reason: 'race again' }),
      ]);
      const winners = answers.filter((answer) => answer.status === 200);
      expect(winners).toHaveLength(1);
      for (const loser of answers.filter((answer) => answer.status !== 200))
        expect([loser.status, loser.body.code]).toEqual([409, 40902]);
    }
    const wallet = await walletOf(server, token);
    expect(wallet.USDT.frozen).toBe('0');
  });
});
