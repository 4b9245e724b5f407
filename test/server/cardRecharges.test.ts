// Card recharges and records on the server, on SQLite and PostgreSQL: recharge through the
// ledger, the operator's settle or fail (and their races), spending and the records; the
// ledger invariants after every test.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cardPaths, cardSchema } from '../../contract/api/card/cards.ts';
import { rechargePaths, rechargeRecordSchema } from '../../contract/api/card/recharges.ts';
import {
  consumeListDataSchema,
  rechargeListDataSchema,
  recordPaths,
} from '../../contract/api/card/records.ts';
import { apiErrors } from '../../contract/api/errors.ts';
import {
  adminCardPaths,
  adminRechargesDataSchema,
  adminSpendDataSchema,
} from '../../server/admin/contractCard.ts';
import { login, type TestServer, testWallet } from './harness.ts';
import { addHolder, approveHolder, cardMoneyPost, cardPost } from './support/card.ts';
import { type CardFlow, startCardFlow } from './support/cardFlow.ts';
import { assertLedgerInvariants } from './support/ledgerInvariants.ts';
import { credit, dataOf, expectRefusal, refusal, walletOf } from './support/money.ts';

describe('card recharges and records: through the ledger, settled or failed, and spending', () => {
  let server: TestServer;
  const logLines: string[] = [];
  let flow: CardFlow;
  let aliceToken: string;
  let alice: CardFlow['alice'];

  beforeAll(async () => {
    flow = await startCardFlow(logLines);
    ({ server, aliceToken, alice } = flow);
  });
  afterEach(() => assertLedgerInvariants(server.db));
  afterAll(() => server.close());

  const usdt = () => flow.usdt();
  const applyVirtual = (token?: string, holder?: string) => flow.applyVirtual(token, holder);
  const issue = (applicationId: string) => flow.issue(applicationId);
  const issuedCard = (type?: 'virtual' | 'physical') => flow.issuedCard(type);

  it('concurrent recharges never spend more than the balance', async () => {
    const racer = testWallet('card flows racer');
    const racerToken = await login(server, racer);
    await credit(server, racer.address, 'USDT', '100');
    const holder = await addHolder(server, racerToken);
    await approveHolder(server, holder.id);
    const application = await applyVirtual(racerToken, holder.id);
    const { card } = await issue(application.id);
    // 90 left: two recharges of 60 (+ 1 fee each) cannot both be paid.
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        cardMoneyPost(server, racerToken, rechargePaths.recharge, { id: card.id, amount: '60' }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((answer) => answer.status !== 200))
      expectRefusal(answer, ...refusal('insufficient_balance'));
    expect((await walletOf(server, racerToken)).USDT.available).toBe('29');
  });

  it('settle and fail racing on one recharge: exactly one happens, the refund at most once', async () => {
    const card = await issuedCard('virtual');
    const before = Number(await usdt());
    const recharges = [];
    for (let index = 0; index < 6; index++) {
      recharges.push(
        dataOf(
          await cardMoneyPost(server, aliceToken, rechargePaths.recharge, {
            id: card.id,
            amount: '20',
          }),
          rechargeRecordSchema,
        ),
      );
    }
    const total = Number(recharges[0]!.total);
    let settled = 0;
    for (const recharge of recharges) {
      const answers = await Promise.all([
        server.admin('POST', adminCardPaths.rechargeSettle, { id: recharge.id }),
        server.admin('POST', adminCardPaths.rechargeFail, { id: recharge.id, reason: 'race' }),
      ]);
      const winners = answers.filter((answer) => answer.status === 200);
      expect(winners, JSON.stringify(answers.map((answer) => answer.body))).toHaveLength(1);
      const loser = answers.find((answer) => answer.status !== 200)!;
      expect([apiErrors.recharge_not_open.code, apiErrors.conflict.code]).toContain(
        loser.body.code,
      );
      if (winners[0]!.body.data.status === 'success') settled++;
      const refunds = await server.db.kysely
        .selectFrom('transfers')
        .select('id')
        .where('idempotency_key', '=', `card-recharge-refund:${recharge.id}`)
        .execute();
      expect(refunds).toHaveLength(winners[0]!.body.data.status === 'failed' ? 1 : 0);
    }
    expect(Number(await usdt())).toBeCloseTo(before - settled * total, 6);
    const detail = dataOf(
      await cardPost(server, aliceToken, cardPaths.cardDetail, { id: card.id }),
      cardSchema,
    );
    expect(Number(detail.balance)).toBe(settled * 20);
  });

  it('a recharge of a card reported lost cannot be settled onto it; failing it returns the money', async () => {
    const card = await issuedCard('virtual');
    const before = await usdt();
    const recharge = dataOf(
      await cardMoneyPost(server, aliceToken, rechargePaths.recharge, {
        id: card.id,
        amount: '20',
      }),
      rechargeRecordSchema,
    );
    await cardPost(server, aliceToken, cardPaths.report, { id: card.id, reason: 'lost' });
    expectRefusal(
      await server.admin('POST', adminCardPaths.rechargeSettle, { id: recharge.id }),
      ...refusal('card_blocked'),
    );
    const failed = dataOf(
      await server.admin('POST', adminCardPaths.rechargeFail, { id: recharge.id, reason: 'lost' }),
      rechargeRecordSchema,
    );
    expect(failed.status).toBe('failed');
    expect(await usdt()).toBe(before);
    const detail = dataOf(
      await cardPost(server, aliceToken, cardPaths.cardDetail, { id: card.id }),
      cardSchema,
    );
    expect(detail).toMatchObject({ status: 'blocked', balance: '0' });
  });

  it('recharges through the ledger: amount + fee in one transfer; the operator settles or fails it', async () => {
    const card = await issuedCard('virtual');
    const before = Number(await usdt());
    expectRefusal(
      await cardMoneyPost(server, aliceToken, rechargePaths.recharge, { id: card.id }),
      ...refusal('amount_required'),
    );
    expectRefusal(
      await cardMoneyPost(server, aliceToken, rechargePaths.recharge, { id: card.id, amount: '0' }),
      ...refusal('amount_not_positive'),
    );
    expectRefusal(
      await cardMoneyPost(server, aliceToken, rechargePaths.recharge, { id: card.id, amount: '5' }),
      ...refusal('amount_below_minimum'),
    );
    expectRefusal(
      await cardMoneyPost(server, aliceToken, rechargePaths.recharge, {
        id: card.id,
        amount: '100000',
      }),
      ...refusal('insufficient_balance'),
    );
    expect(Number(await usdt())).toBe(before);

    const key = 'recharge-200';
    const first = dataOf(
      await cardMoneyPost(
        server,
        aliceToken,
        rechargePaths.recharge,
        { id: card.id, amount: '200' },
        key,
      ),
      rechargeRecordSchema,
    );
    const replay = dataOf(
      await cardMoneyPost(
        server,
        aliceToken,
        rechargePaths.recharge,
        { id: card.id, amount: '200' },
        key,
      ),
      rechargeRecordSchema,
    );
    expect(replay).toEqual(first);
    expectRefusal(
      await cardMoneyPost(
        server,
        aliceToken,
        rechargePaths.recharge,
        { id: card.id, amount: '300' },
        key,
      ),
      ...refusal('idempotency_conflict'),
    );
    expect(first).toMatchObject({ amount: '200', fee: '3', total: '203', status: 'pending' });
    expect(Number(await usdt())).toBe(before - 203);
    const { transfer_id } = await server.db.kysely
      .selectFrom('card_recharges')
      .select('transfer_id')
      .where('id', '=', BigInt(first.id))
      .executeTakeFirstOrThrow();
    const entries = await server.db.kysely
      .selectFrom('entries')
      .select('amount')
      .where('transfer_id', '=', transfer_id)
      .orderBy('amount')
      .execute();
    // One transfer: the balance pays amount + fee, the card funding and the fee legs receive.
    expect(entries.map((entry) => entry.amount)).toEqual([-203_000_000n, 3_000_000n, 200_000_000n]);
    const replays = await server.db.kysely
      .selectFrom('card_recharges')
      .select('id')
      .where('card_id', '=', BigInt(card.id))
      .execute();
    expect(replays).toHaveLength(1);

    const processing = await server.admin('POST', adminCardPaths.rechargeProcess, { id: first.id });
    expect(processing.body.data.status).toBe('processing');
    const settled = dataOf(
      await server.admin('POST', adminCardPaths.rechargeSettle, { id: first.id }),
      rechargeRecordSchema,
    );
    expect(settled.status).toBe('success');
    expectRefusal(
      await server.admin('POST', adminCardPaths.rechargeFail, { id: first.id, reason: 'late' }),
      ...refusal('recharge_not_open'),
    );
    expect(
      dataOf(await cardPost(server, aliceToken, cardPaths.cardDetail, { id: card.id }), cardSchema)
        .balance,
    ).toBe('200');

    const failing = dataOf(
      await cardMoneyPost(server, aliceToken, rechargePaths.recharge, {
        id: card.id,
        amount: '50.5',
      }),
      rechargeRecordSchema,
    );
    expect(failing.fee).toBe('1');
    const failed = dataOf(
      await server.admin('POST', adminCardPaths.rechargeFail, {
        id: failing.id,
        reason: 'Issuer declined',
      }),
      rechargeRecordSchema,
    );
    expect(failed).toMatchObject({ status: 'failed', failure_reason: 'Issuer declined' });
    expect(Number(await usdt())).toBe(before - 203);

    const records = dataOf(
      await cardPost(server, aliceToken, recordPaths.rechargeList, { id: card.id }),
      rechargeListDataSchema,
    );
    expect(records.list.map((row) => row.status)).toEqual(['failed', 'success']);
    const pendingOnly = dataOf(
      await cardPost(server, aliceToken, recordPaths.rechargeList, {
        id: card.id,
        status: 'failed',
      }),
      rechargeListDataSchema,
    );
    expect(pendingOnly.total).toBe(1);
    const adminList = dataOf(
      await server.admin('GET', `${adminCardPaths.recharges}?status=failed`),
      adminRechargesDataSchema,
    );
    expect(adminList.list[0]).toMatchObject({ id: failing.id, user_address: alice.address });
  });

  it('records spending on the card, refuses more than its balance, and lists consumption', async () => {
    const card = await issuedCard('virtual');
    const recharge = dataOf(
      await cardMoneyPost(server, aliceToken, rechargePaths.recharge, {
        id: card.id,
        amount: '40',
      }),
      rechargeRecordSchema,
    );
    await server.admin('POST', adminCardPaths.rechargeSettle, { id: recharge.id });
    const spent = dataOf(
      await server.admin('POST', adminCardPaths.spend, {
        card_id: card.id,
        amount: '12.34',
        merchant: 'Coffee Shop',
      }),
      adminSpendDataSchema,
    );
    expect(spent).toMatchObject({
      balance: '27.66',
      record: { amount: '12.34', merchant: 'Coffee Shop' },
    });
    expectRefusal(
      await server.admin('POST', adminCardPaths.spend, {
        card_id: card.id,
        amount: '30',
        merchant: 'Shop',
      }),
      ...refusal('insufficient_balance'),
    );
    await cardPost(server, aliceToken, cardPaths.freeze, { id: card.id });
    expectRefusal(
      await server.admin('POST', adminCardPaths.spend, {
        card_id: card.id,
        amount: '1',
        merchant: 'Shop',
      }),
      ...refusal('card_not_active'),
    );
    const list = dataOf(
      await cardPost(server, aliceToken, recordPaths.consumeList, { id: card.id }),
      consumeListDataSchema,
    );
    expect(list).toEqual({ total: 1, list: [spent.record] });
  });
});
