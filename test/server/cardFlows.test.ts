// The card journey on the server, on SQLite and PostgreSQL: apply (fee through the ledger),
// operator issue/reject, reapply, activate, freeze/unfreeze, report, PIN, reveal, recharge
// (settle/fail), spending and the records; the ledger invariants after every test.
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import * as v from 'valibot';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiErrors } from '../../contract/api/errors.ts';
import { addressPaths, deliveryAddressSchema } from '../../contract/api/card/addresses.ts';
import {
  applicationListDataSchema,
  applicationPaths,
  cardApplicationSchema,
} from '../../contract/api/card/applications.ts';
import {
  cardPaths,
  cardSchema,
  myCardListDataSchema,
  revealDataSchema,
  revealMessageDataSchema,
} from '../../contract/api/card/cards.ts';
import { holderPaths } from '../../contract/api/card/holders.ts';
import {
  cardInfoDataSchema,
  getVirtualCardBinDataSchema,
  infoPaths,
} from '../../contract/api/card/info.ts';
import { rechargePaths, rechargeRecordSchema } from '../../contract/api/card/recharges.ts';
import {
  consumeListDataSchema,
  rechargeListDataSchema,
  recordPaths,
} from '../../contract/api/card/records.ts';
import {
  adminCardPaths,
  adminIssueDataSchema,
  adminRechargesDataSchema,
  adminSpendDataSchema,
} from '../../server/admin/contractCard.ts';
import { numberDigest, unusedCardNumber } from '../../server/card/cards.ts';
import { createVault } from '../../server/card/vault.ts';
import { login, startTestServer, testWallet, type TestServer } from './harness.ts';
import { assertLedgerInvariants } from './support/ledgerInvariants.ts';
import { credit, dataOf, expectRefusal, walletOf } from './support/money.ts';
import {
  ADDRESS_FIELDS,
  addHolder,
  approveHolder,
  HOLDER_FIELDS,
  sampleJpeg,
  uploadPhoto,
  cardPost,
  cardMoneyPost,
} from './support/card.ts';

const refusal = (name: keyof typeof apiErrors) =>
  [apiErrors[name].status, apiErrors[name].code] as const;

describe('cards', () => {
  let server: TestServer;
  const logLines: string[] = [];
  const alice = testWallet('card flows alice');
  let aliceToken: string;
  let holderId: string;
  let addressId: string;

  beforeAll(async () => {
    server = await startTestServer({
      inviteRequired: false,
      logger: {
        level: 'trace',
        stream: new Writable({
          write(chunk, _encoding, done) {
            logLines.push(String(chunk));
            done();
          },
        }),
      },
    });
    aliceToken = await login(server, alice);
    await credit(server, alice.address, 'USDT', '1000');
    const holder = await addHolder(server, aliceToken);
    await approveHolder(server, holder.id);
    holderId = holder.id;
    addressId = dataOf(
      await cardPost(server, aliceToken, addressPaths.addAddress, ADDRESS_FIELDS),
      deliveryAddressSchema,
    ).id;
  });
  afterEach(() => assertLedgerInvariants(server.db));
  afterAll(() => server.close());

  const usdt = async () => (await walletOf(server, aliceToken)).USDT.available;

  async function applyVirtual(token = aliceToken, holder = holderId) {
    return dataOf(
      await cardMoneyPost(server, token, applicationPaths.openVirtualCard, {
        region: 'HK',
        holder_id: holder,
        agree: true,
      }),
      cardApplicationSchema,
    );
  }

  async function issue(applicationId: string) {
    return dataOf(
      await server.admin('POST', adminCardPaths.issue, { id: applicationId }),
      adminIssueDataSchema,
    );
  }

  async function issuedCard(type: 'virtual' | 'physical' = 'virtual') {
    const application =
      type === 'virtual'
        ? await applyVirtual()
        : dataOf(
            await cardMoneyPost(server, aliceToken, applicationPaths.openRealCard, {
              region: 'HK',
              holder_id: holderId,
              address_id: addressId,
              agree: true,
            }),
            cardApplicationSchema,
          );
    return (await issue(application.id)).card;
  }

  it('tells the fees, regions, recharge rules and card products', async () => {
    const info = dataOf(await cardPost(server, aliceToken, infoPaths.info), cardInfoDataSchema);
    expect(info).toMatchObject({
      coin: 'USDT',
      fees: { virtual: '10', physical: '50' },
      recharge: { fee_rate_bps: 150, fee_minimum: '1', minimum: '10' },
    });
    const bins = dataOf(
      await cardPost(server, aliceToken, infoPaths.getVirtualCardBin, {
        type: 'virtual',
        region: 'HK',
      }),
      getVirtualCardBinDataSchema,
    );
    expect(bins.list).toEqual([expect.objectContaining({ type: 'virtual', region: 'HK' })]);
  });

  it('applies for a virtual card: the fee leaves the balance once per key; the operator issues it', async () => {
    const before = await usdt();
    const key = 'apply-virtual-1';
    const body = { region: 'HK', holder_id: holderId, agree: true };
    const first = dataOf(
      await cardMoneyPost(server, aliceToken, applicationPaths.openVirtualCard, body, key),
      cardApplicationSchema,
    );
    const again = dataOf(
      await cardMoneyPost(server, aliceToken, applicationPaths.openVirtualCard, body, key),
      cardApplicationSchema,
    );
    expect(again).toEqual(first);
    expect(first).toMatchObject({
      type: 'virtual',
      status: 'processing',
      fee: '10',
      card_id: null,
    });
    expect(await usdt()).toBe(String(Number(before) - 10));

    const { application, card } = await issue(first.id);
    expect(application).toMatchObject({ status: 'success', card_id: card.id });
    expect(card).toMatchObject({ type: 'virtual', status: 'active', balance: '0', pin_set: false });
    expect(card.masked_number).toMatch(/^\*{4} \*{4} \*{4} \d{4}$/);
    expectRefusal(
      await server.admin('POST', adminCardPaths.issue, { id: first.id }),
      ...refusal('application_not_processing'),
    );
    const list = dataOf(
      await cardPost(server, aliceToken, applicationPaths.applicationList, {}),
      applicationListDataSchema,
    );
    expect(list.list.find((row) => row.id === first.id)).toMatchObject({ status: 'success' });
    const cards = dataOf(
      await cardPost(server, aliceToken, cardPaths.myCardList, {}),
      myCardListDataSchema,
    );
    expect(cards.list.map((row) => row.id)).toContain(card.id);
  });

  it('refuses an application without the agreements, for an unapproved holder, or without the balance', async () => {
    const before = await usdt();
    expectRefusal(
      await cardMoneyPost(server, aliceToken, applicationPaths.openVirtualCard, {
        region: 'HK',
        holder_id: holderId,
      }),
      ...refusal('agreement_required'),
    );
    expectRefusal(
      await cardMoneyPost(server, aliceToken, applicationPaths.openVirtualCard, {
        region: 'ZZ',
        holder_id: holderId,
        agree: true,
      }),
      ...refusal('region_not_supported'),
    );
    const pending = await addHolder(server, aliceToken);
    expectRefusal(
      await cardMoneyPost(server, aliceToken, applicationPaths.openVirtualCard, {
        region: 'HK',
        holder_id: pending.id,
        agree: true,
      }),
      ...refusal('holder_not_approved'),
    );
    expectRefusal(
      await cardMoneyPost(server, aliceToken, applicationPaths.openRealCard, {
        region: 'HK',
        holder_id: holderId,
        agree: true,
      }),
      ...refusal('validation'),
    );
    expectRefusal(
      await server.request('POST', applicationPaths.openVirtualCard, {
        json: { region: 'HK', holder_id: holderId, agree: true },
        token: aliceToken,
      }),
      ...refusal('idempotency_key_required'),
    );
    const broke = testWallet('card flows broke');
    const brokeToken = await login(server, broke);
    const brokeHolder = await addHolder(server, brokeToken);
    await approveHolder(server, brokeHolder.id);
    expectRefusal(
      await cardMoneyPost(server, brokeToken, applicationPaths.openVirtualCard, {
        region: 'HK',
        holder_id: brokeHolder.id,
        agree: true,
      }),
      ...refusal('insufficient_balance'),
    );
    expect(await usdt()).toBe(before);
    const { total } = dataOf(
      await cardPost(server, brokeToken, applicationPaths.applicationList, {}),
      applicationListDataSchema,
    );
    expect(total).toBe(0);
  });

  it('keeps a holder and an address while an application in progress uses them', async () => {
    const application = dataOf(
      await cardMoneyPost(server, aliceToken, applicationPaths.openRealCard, {
        region: 'HK',
        holder_id: holderId,
        address_id: addressId,
        agree: true,
      }),
      cardApplicationSchema,
    );
    expectRefusal(
      await cardPost(server, aliceToken, holderPaths.deleteHolder, { id: holderId }),
      ...refusal('card_data_in_use'),
    );
    expectRefusal(
      await cardPost(server, aliceToken, addressPaths.deleteAddress, { id: addressId }),
      ...refusal('card_data_in_use'),
    );
    await server.admin('POST', adminCardPaths.reject, { id: application.id, reason: 'test' });
  });

  it('deleting a holder or an address racing an application for it: never an application in progress for deleted data', async () => {
    for (let index = 0; index < 6; index++) {
      const holder = await addHolder(server, aliceToken);
      await approveHolder(server, holder.id);
      const address = dataOf(
        await cardPost(server, aliceToken, addressPaths.addAddress, ADDRESS_FIELDS),
        deliveryAddressSchema,
      );
      const [applied] = await Promise.all([
        cardMoneyPost(server, aliceToken, applicationPaths.openRealCard, {
          region: 'HK',
          holder_id: holder.id,
          address_id: address.id,
          agree: true,
        }),
        cardPost(
          server,
          aliceToken,
          index % 2 ? holderPaths.deleteHolder : addressPaths.deleteAddress,
          {
            id: index % 2 ? holder.id : address.id,
          },
        ),
      ]);
      const [holderRow, addressRow] = await Promise.all([
        server.db.kysely
          .selectFrom('card_holders')
          .select('deleted_at')
          .where('id', '=', BigInt(holder.id))
          .executeTakeFirstOrThrow(),
        server.db.kysely
          .selectFrom('card_addresses')
          .select('deleted_at')
          .where('id', '=', BigInt(address.id))
          .executeTakeFirstOrThrow(),
      ]);
      if (applied.status === 200) {
        expect(holderRow.deleted_at).toBeNull();
        expect(addressRow.deleted_at).toBeNull();
        await server.admin('POST', adminCardPaths.reject, {
          id: applied.body.data.id,
          reason: 'test',
        });
      }
    }
  }, 30_000);

  it('editing a holder racing its deletion: a deleted holder never keeps photos', async () => {
    for (let index = 0; index < 6; index++) {
      const holder = await addHolder(server, aliceToken);
      const photo = await uploadPhoto(server, aliceToken, await sampleJpeg(index));
      await Promise.all([
        cardPost(server, aliceToken, holderPaths.editHolder, {
          ...HOLDER_FIELDS,
          id: holder.id,
          photos: [photo],
        }),
        cardPost(server, aliceToken, holderPaths.deleteHolder, { id: holder.id }),
      ]);
      const row = await server.db.kysely
        .selectFrom('card_holders')
        .select('deleted_at')
        .where('id', '=', BigInt(holder.id))
        .executeTakeFirstOrThrow();
      expect(row.deleted_at).not.toBeNull();
      const attached = await server.db.kysely
        .selectFrom('card_files')
        .select('id')
        .where('holder_id', '=', BigInt(holder.id))
        .where('status', '=', 'attached')
        .execute();
      expect(attached).toEqual([]);
    }
  }, 30_000);

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

  it('issue and reject racing on one application: exactly one happens, the fee returned at most once', async () => {
    const before = Number(await usdt());
    let issued = 0;
    for (let index = 0; index < 4; index++) {
      const application = await applyVirtual();
      const answers = await Promise.all([
        server.admin('POST', adminCardPaths.issue, { id: application.id }),
        server.admin('POST', adminCardPaths.reject, { id: application.id, reason: 'race' }),
      ]);
      const winners = answers.filter((answer) => answer.status === 200);
      expect(winners, JSON.stringify(answers.map((answer) => answer.body))).toHaveLength(1);
      const loser = answers.find((answer) => answer.status !== 200)!;
      expect([apiErrors.application_not_processing.code, apiErrors.conflict.code]).toContain(
        loser.body.code,
      );
      if (answers[0]!.status === 200) issued++;
      const cards = await server.db.kysely
        .selectFrom('cards')
        .select('id')
        .where('application_id', '=', BigInt(application.id))
        .execute();
      expect(cards).toHaveLength(answers[0]!.status === 200 ? 1 : 0);
    }
    expect(Number(await usdt())).toBeCloseTo(before - issued * 10, 6);
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

  it('a rejected application returns the fee and can be reapplied for, once', async () => {
    const before = await usdt();
    const application = await applyVirtual();
    const rejected = dataOf(
      await server.admin('POST', adminCardPaths.reject, {
        id: application.id,
        reason: 'Region closed',
      }),
      cardApplicationSchema,
    );
    expect(rejected).toMatchObject({
      status: 'failed',
      reject_reason: 'Region closed',
      can_reapply: true,
    });
    expect(await usdt()).toBe(before);
    // The money log shows the fee and its return, with the operator's reason.
    const log = await server.request('GET', '/api/v1/user/moneyLog', { token: aliceToken });
    expect(log.body.data.list.slice(0, 2)).toEqual([
      expect.objectContaining({ type: 'card_fee_refund', coin: 'USDT', remark: 'Region closed' }),
      expect.objectContaining({ type: 'card_fee', coin: 'USDT', remark: '' }),
    ]);
    expect(log.body.data.list[0].amount).toBe(log.body.data.list[1].amount.replace('-', ''));
    const again = dataOf(
      await cardMoneyPost(server, aliceToken, applicationPaths.reapply, {
        id: application.id,
        agree: true,
      }),
      cardApplicationSchema,
    );
    expect(again).toMatchObject({
      status: 'processing',
      reapply_of: application.id,
      type: 'virtual',
    });
    expectRefusal(
      await cardMoneyPost(server, aliceToken, applicationPaths.reapply, {
        id: application.id,
        agree: true,
      }),
      ...refusal('application_not_reappliable'),
    );
    expectRefusal(
      await cardMoneyPost(server, aliceToken, applicationPaths.reapply, {
        id: again.id,
        agree: true,
      }),
      ...refusal('application_not_reappliable'),
    );
  });

  it('a physical card: activate once received, then freeze, unfreeze; illegal moves are clear errors', async () => {
    const card = await issuedCard('physical');
    expect(card).toMatchObject({ type: 'physical', status: 'inactive' });
    const call = (path: string) => cardPost(server, aliceToken, path, { id: card.id });
    expectRefusal(await call(cardPaths.freeze), ...refusal('card_not_active'));
    expectRefusal(
      await cardMoneyPost(server, aliceToken, rechargePaths.recharge, {
        id: card.id,
        amount: '20',
      }),
      ...refusal('card_not_active'),
    );
    expect(dataOf(await call(cardPaths.active), cardSchema).status).toBe('active');
    expectRefusal(await call(cardPaths.active), ...refusal('card_already_active'));
    expectRefusal(await call(cardPaths.unfreeze), ...refusal('card_not_frozen'));
    expect(dataOf(await call(cardPaths.freeze), cardSchema).status).toBe('frozen');
    expectRefusal(await call(cardPaths.freeze), ...refusal('card_not_active'));
    expect(dataOf(await call(cardPaths.unfreeze), cardSchema).status).toBe('active');

    const virtual = await issuedCard('virtual');
    expectRefusal(
      await cardPost(server, aliceToken, cardPaths.active, { id: virtual.id }),
      ...refusal('card_not_physical'),
    );
  });

  it('reporting a card lost blocks it for good, gives its balance back and allows a replacement application', async () => {
    const card = await issuedCard('virtual');
    const recharge = dataOf(
      await cardMoneyPost(server, aliceToken, rechargePaths.recharge, {
        id: card.id,
        amount: '50',
      }),
      rechargeRecordSchema,
    );
    await server.admin('POST', adminCardPaths.rechargeSettle, { id: recharge.id });
    const before = Number(await usdt());
    const reported = dataOf(
      await cardPost(server, aliceToken, cardPaths.report, { id: card.id, reason: 'stolen' }),
      cardSchema,
    );
    expect(reported).toMatchObject({ status: 'blocked', blocked_reason: 'stolen', balance: '0' });
    // The 50 USDT on the card come back to the balance, once, and show in the money log.
    expect(Number(await usdt())).toBe(before + 50);
    const log = await server.request('GET', '/api/v1/user/moneyLog', { token: aliceToken });
    expect(log.body.data.list[0]).toMatchObject({
      type: 'card_balance_return',
      coin: 'USDT',
      amount: '50',
    });
    await assertLedgerInvariants(server.db);
    for (const path of [
      cardPaths.unfreeze,
      cardPaths.freeze,
      cardPaths.active,
      cardPaths.revealMessage,
    ])
      expectRefusal(
        await cardPost(server, aliceToken, path, { id: card.id }),
        ...refusal('card_blocked'),
      );
    expectRefusal(
      await cardPost(server, aliceToken, cardPaths.report, { id: card.id, reason: 'lost' }),
      ...refusal('card_blocked'),
    );
    expect(Number(await usdt())).toBe(before + 50);
    const listed = async () =>
      dataOf(
        await cardPost(server, aliceToken, applicationPaths.applicationList, { status: 'success' }),
        applicationListDataSchema,
      ).list.find((row) => row.id === card.application_id);
    expect((await listed())?.can_reapply).toBe(true);
    const replacement = dataOf(
      await cardMoneyPost(server, aliceToken, applicationPaths.reapply, {
        id: card.application_id,
        agree: true,
      }),
      cardApplicationSchema,
    );
    expect(replacement.reapply_of).toBe(card.application_id);
    expect((await listed())?.can_reapply).toBe(false);
  });

  it('sets and changes the PIN: 6 digits, twice, stored only as a slow salted hash, never logged', async () => {
    const card = await issuedCard('virtual');
    const pin = (body: object) =>
      cardPost(server, aliceToken, cardPaths.updatePin, { id: card.id, ...body });
    expectRefusal(await pin({ pin: '12345', confirm_pin: '12345' }), ...refusal('pin_invalid'));
    expectRefusal(await pin({ pin: '12a456', confirm_pin: '12a456' }), ...refusal('pin_invalid'));
    expectRefusal(await pin({ pin: '482915', confirm_pin: '482916' }), ...refusal('pin_mismatch'));
    const set = await pin({ pin: '482915', confirm_pin: '482915' });
    expect(set.status).toBe(200);
    expect(set.body.data).toBeNull();
    expect(set.text).not.toContain('482915');
    const changed = await pin({ current_pin: '482915', pin: '739264', confirm_pin: '739264' });
    expect(changed.status).toBe(200);
    const row = await server.db.kysely
      .selectFrom('cards')
      .select('pin_hash')
      .where('id', '=', BigInt(card.id))
      .executeTakeFirstOrThrow();
    expect(row.pin_hash).toMatch(/^scrypt-hmac\$32768\$8\$1\$/);
    expect(row.pin_hash).not.toContain('739264');
    expect(
      dataOf(await cardPost(server, aliceToken, cardPaths.cardDetail, { id: card.id }), cardSchema)
        .pin_set,
    ).toBe(true);
    // Each line's millisecond timestamp is digits too, and may hold a PIN by chance.
    const log = logLines.map((line) => line.replace(/"time":\d+/, '')).join('');
    for (const secret of ['482915', '482916', '739264', '12a456'])
      expect(log).not.toContain(secret);
  });

  it('reveals the number only with a fresh wallet signature, once per message', async () => {
    const card = await issuedCard('virtual');
    const challenge = async () =>
      dataOf(
        await cardPost(server, aliceToken, cardPaths.revealMessage, { id: card.id }),
        revealMessageDataSchema,
      );
    const { message } = await challenge();
    expect(message).toContain(`ending ${card.last4}`);
    const revealed = dataOf(
      await cardPost(server, aliceToken, cardPaths.reveal, {
        id: card.id,
        message,
        signature: alice.sign(message),
      }),
      revealDataSchema,
    );
    expect(revealed.number).toMatch(/^\d{16}$/);
    expect(revealed.number.endsWith(card.last4)).toBe(true);
    expect(revealed.cvv).toMatch(/^\d{3}$/);
    // Used once.
    expectRefusal(
      await cardPost(server, aliceToken, cardPaths.reveal, {
        id: card.id,
        message,
        signature: alice.sign(message),
      }),
      ...refusal('reveal_signature_invalid'),
    );
    // Another wallet's signature.
    const other = await challenge();
    expectRefusal(
      await cardPost(server, aliceToken, cardPaths.reveal, {
        id: card.id,
        message: other.message,
        signature: testWallet('someone else').sign(other.message),
      }),
      ...refusal('reveal_signature_invalid'),
    );
    // Too late.
    const late = await challenge();
    server.clock.advance(61_000);
    expectRefusal(
      await cardPost(server, aliceToken, cardPaths.reveal, {
        id: card.id,
        message: late.message,
        signature: alice.sign(late.message),
      }),
      ...refusal('reveal_signature_invalid'),
    );
    // The number is stored sealed.
    const row = await server.db.kysely
      .selectFrom('cards')
      .selectAll()
      .where('id', '=', BigInt(card.id))
      .executeTakeFirstOrThrow();
    expect(
      JSON.stringify(row, (_k, value) => (typeof value === 'bigint' ? String(value) : value)),
    ).not.toContain(revealed.number);
  });

  it('binds a sealed card number to its card: copied onto another card of the same user, it does not open', async () => {
    const [first, second] = [await issuedCard('virtual'), await issuedCard('virtual')];
    const reveal = async (id: string) => {
      const { message } = dataOf(
        await cardPost(server, aliceToken, cardPaths.revealMessage, { id }),
        revealMessageDataSchema,
      );
      return cardPost(server, aliceToken, cardPaths.reveal, {
        id,
        message,
        signature: alice.sign(message),
      });
    };
    const secondNumber = dataOf(await reveal(second.id), revealDataSchema).number;
    const { secret_sealed: sealed } = await server.db.kysely
      .selectFrom('cards')
      .select('secret_sealed')
      .where('id', '=', BigInt(second.id))
      .executeTakeFirstOrThrow();
    await server.db.kysely
      .updateTable('cards')
      .set({ secret_sealed: sealed })
      .where('id', '=', BigInt(first.id))
      .execute();
    const answer = await reveal(first.id);
    expectRefusal(answer, ...refusal('internal'));
    expect(answer.text).not.toContain(secondNumber);
    await cardPost(server, aliceToken, cardPaths.report, { id: first.id, reason: 'lost' });
  });

  it('never gives two cards one number: a number in use is drawn again', async () => {
    const [first, second] = [await issuedCard('virtual'), await issuedCard('virtual')];
    const digests = await server.db.kysely
      .selectFrom('cards')
      .select('number_digest')
      .where('id', 'in', [BigInt(first.id), BigInt(second.id)])
      .execute();
    expect(digests.every((row) => /^[0-9a-f]{64}$/.test(row.number_digest ?? ''))).toBe(true);
    expect(digests[0]!.number_digest).not.toBe(digests[1]!.number_digest);

    // The first card holds number A; a draw of A is refused and drawn again.
    const vault = createVault(randomBytes(32));
    const [taken, free] = ['4859210000000018', '4859210000000026'];
    await server.db.kysely
      .updateTable('cards')
      .set({ number_digest: numberDigest(vault, taken) })
      .where('id', '=', BigInt(first.id))
      .execute();
    const draws = [taken, taken, free];
    const drawn = await unusedCardNumber(server.db, vault, '48592100', () => draws.shift()!);
    expect(drawn).toEqual({ number: free, digest: numberDigest(vault, free) });
    expect(draws).toEqual([]);
    // And the database itself refuses a second card with the same number.
    await expect(
      server.db.kysely
        .updateTable('cards')
        .set({ number_digest: numberDigest(vault, taken) })
        .where('id', '=', BigInt(second.id))
        .execute(),
    ).rejects.toThrow();
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

  describe('authorisation: another user gets nothing, changes nothing, cannot tell the id exists', () => {
    it('every card call that takes an id', async () => {
      const card = await issuedCard('virtual');
      const pendingApplication = await applyVirtual();
      const failedApplication = await applyVirtual();
      await server.admin('POST', adminCardPaths.reject, { id: failedApplication.id, reason: 'x' });
      const mallory = testWallet('card flows mallory');
      const malloryToken = await login(server, mallory);
      await credit(server, mallory.address, 'USDT', '500');
      const malloryHolder = await addHolder(server, malloryToken);
      await approveHolder(server, malloryHolder.id);
      const malloryAddress = dataOf(
        await cardPost(server, malloryToken, addressPaths.addAddress, ADDRESS_FIELDS),
        deliveryAddressSchema,
      ).id;
      const snapshot = async () => ({
        card: dataOf(
          await cardPost(server, aliceToken, cardPaths.cardDetail, { id: card.id }),
          cardSchema,
        ),
        wallet: await walletOf(server, aliceToken),
        applications: dataOf(
          await cardPost(server, aliceToken, applicationPaths.applicationList, {}),
          applicationListDataSchema,
        ),
      });
      const before = await snapshot();
      const missing = '999999';
      const cardCalls: [string, object, boolean][] = [
        [cardPaths.cardDetail, {}, false],
        [cardPaths.active, {}, false],
        [cardPaths.freeze, {}, false],
        [cardPaths.unfreeze, {}, false],
        [cardPaths.report, { reason: 'lost' }, false],
        [cardPaths.updatePin, { pin: '482915', confirm_pin: '482915' }, false],
        [cardPaths.revealMessage, {}, false],
        [
          cardPaths.reveal,
          { message: 'Nonce: AAAAAAAAAAAAAAAAAAAAAAAA', signature: mallory.sign('x') },
          false,
        ],
        [recordPaths.consumeList, {}, false],
        [recordPaths.rechargeList, {}, false],
        [rechargePaths.recharge, { amount: '20' }, true],
      ];
      for (const [path, body, money] of cardCalls) {
        const send = (id: string) =>
          money
            ? cardMoneyPost(server, malloryToken, path, { ...body, id })
            : cardPost(server, malloryToken, path, { ...body, id });
        const theirs = await send(card.id);
        const none = await send(missing);
        expectRefusal(theirs, ...refusal('card_not_found'));
        expect(theirs.body, path).toEqual(none.body);
      }
      for (const id of [pendingApplication.id, failedApplication.id, card.application_id]) {
        const theirs = await cardMoneyPost(server, malloryToken, applicationPaths.reapply, {
          id,
          agree: true,
        });
        const none = await cardMoneyPost(server, malloryToken, applicationPaths.reapply, {
          id: missing,
          agree: true,
        });
        expectRefusal(theirs, ...refusal('application_not_found'));
        expect(theirs.body).toEqual(none.body);
      }
      // Alice's holder and address in Mallory's applications.
      for (const [path, body, name] of [
        [
          applicationPaths.openVirtualCard,
          { region: 'HK', holder_id: holderId, agree: true },
          'holder_not_found',
        ],
        [
          applicationPaths.openRealCard,
          { region: 'HK', holder_id: malloryHolder.id, address_id: addressId, agree: true },
          'address_not_found',
        ],
        [
          applicationPaths.reapply,
          { id: failedApplication.id, holder_id: holderId, agree: true },
          'application_not_found',
        ],
      ] as const) {
        expectRefusal(await cardMoneyPost(server, malloryToken, path, body), ...refusal(name));
      }
      expect(malloryAddress).toBeTruthy();
      expect(
        dataOf(await cardPost(server, malloryToken, cardPaths.myCardList, {}), myCardListDataSchema)
          .total,
      ).toBe(0);
      expect(
        dataOf(
          await cardPost(server, malloryToken, applicationPaths.applicationList, {}),
          applicationListDataSchema,
        ).total,
      ).toBe(0);
      expect((await walletOf(server, malloryToken)).USDT.available).toBe('500');
      expect(await snapshot()).toEqual(before);
    });
  });

  it('keeps the answers in the contract', () => {
    expect(v.is(cardSchema, {})).toBe(false);
  });
});
