// Card applications on the server, on SQLite and PostgreSQL: info, applying (the fee through
// the ledger), the operator's issue and reject, races with deletion, reapplying; the ledger
// invariants after every test.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addressPaths, deliveryAddressSchema } from '../../contract/api/card/addresses.ts';
import {
  applicationListDataSchema,
  applicationPaths,
  cardApplicationSchema,
} from '../../contract/api/card/applications.ts';
import { cardPaths, myCardListDataSchema } from '../../contract/api/card/cards.ts';
import { holderPaths } from '../../contract/api/card/holders.ts';
import {
  cardInfoDataSchema,
  getVirtualCardBinDataSchema,
  infoPaths,
} from '../../contract/api/card/info.ts';
import { apiErrors } from '../../contract/api/errors.ts';
import { adminCardPaths } from '../../server/admin/contractCard.ts';
import { login, type TestServer, testWallet } from './harness.ts';
import {
  addHolder,
  ADDRESS_FIELDS,
  approveHolder,
  cardMoneyPost,
  cardPost,
  HOLDER_FIELDS,
  sampleJpeg,
  uploadPhoto,
} from './support/card.ts';
import { type CardFlow, startCardFlow } from './support/cardFlow.ts';
import { assertLedgerInvariants } from './support/ledgerInvariants.ts';
import { dataOf, expectRefusal, refusal } from './support/money.ts';

describe('card applications: fee through the ledger, operator issue and reject, reapplying', () => {
  let server: TestServer;
  const logLines: string[] = [];
  let flow: CardFlow;
  let aliceToken: string;
  let holderId: string;
  let addressId: string;

  beforeAll(async () => {
    flow = await startCardFlow(logLines);
    ({ server, aliceToken, holderId, addressId } = flow);
  });
  afterEach(() => assertLedgerInvariants(server.db));
  afterAll(() => server.close());

  const usdt = () => flow.usdt();
  const applyVirtual = (token?: string, holder?: string) => flow.applyVirtual(token, holder);
  const issue = (applicationId: string) => flow.issue(applicationId);

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
});
