// The card agreements on SQLite and PostgreSQL: `info` serves their title and text in the
// user's language; every application records which agreements, in which versions, were
// accepted (shown to the user and the operator); an application on an outdated wording is
// refused and charges nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_AGREEMENTS } from '../../contract/api/card/agreements.ts';
import {
  applicationListDataSchema,
  applicationPaths,
  cardApplicationSchema,
} from '../../contract/api/card/applications.ts';
import { cardInfoDataSchema, infoPaths } from '../../contract/api/card/info.ts';
import { apiErrors } from '../../contract/api/errors.ts';
import { adminApplicationsDataSchema, adminCardPaths } from '../../server/admin/contractCard.ts';
import { login, startTestServer, testWallet, type TestServer } from './harness.ts';
import { assertLedgerInvariants } from './support/ledgerInvariants.ts';
import { credit, dataOf, expectRefusal, walletOf } from './support/money.ts';
import { addHolder, approveHolder, cardPost, cardMoneyPost } from './support/card.ts';

const CURRENT = CARD_AGREEMENTS.map(({ id, version }) => ({ id, version }));

describe('card agreements', () => {
  let server: TestServer;
  const alice = testWallet('card agreements alice');
  let token: string;
  let holderId: string;

  beforeAll(async () => {
    server = await startTestServer({ inviteRequired: false });
    token = await login(server, alice);
    await credit(server, alice.address, 'USDT', '100');
    const holder = await addHolder(server, token);
    await approveHolder(server, holder.id);
    holderId = holder.id;
  });
  afterAll(() => server.close());

  const info = async (lang: string) =>
    dataOf(
      await server.request('POST', infoPaths.info, { json: {}, token, headers: { LANG: lang } }),
      cardInfoDataSchema,
    );
  const apply = (body: object, key?: string) =>
    cardMoneyPost(
      server,
      token,
      applicationPaths.openVirtualCard,
      { region: 'HK', holder_id: holderId, agree: true, ...body },
      key,
    );

  it('serves each agreement with its version, title and full text in the user language', async () => {
    const english = await info('EN');
    expect(english.agreements.map(({ id, version }) => ({ id, version }))).toEqual(CURRENT);
    expect(english.agreements[0]).toMatchObject({
      id: 'cardholder_terms',
      title: 'Cardholder terms',
      text: expect.stringContaining('The application fee is paid from your USDT balance'),
    });
    expect(english.agreements[1]!.title).toBe('Privacy notice');
    expect(english.agreements[1]!.text.split('\n\n')).toHaveLength(3);

    const japanese = await info('JP');
    expect(japanese.agreements.map(({ id, version }) => ({ id, version }))).toEqual(CURRENT);
    expect(japanese.agreements[0]!.title).not.toBe('Cardholder terms');
    expect(japanese.agreements[0]!.text).toMatch(/[\u3040-\u30ff]/);
    expect(japanese.agreements[0]!.text.split('\n\n')).toHaveLength(3);
  });

  it('records the agreements and versions accepted with the application, for the user and the operator', async () => {
    const application = dataOf(await apply({ agreements: CURRENT }), cardApplicationSchema);
    expect(application.agreements).toEqual(CURRENT);
    const row = await server.db.kysely
      .selectFrom('card_applications')
      .select('agreements')
      .where('id', '=', BigInt(application.id))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.agreements!)).toEqual(CURRENT);

    const mine = dataOf(
      await cardPost(server, token, applicationPaths.applicationList, {}),
      applicationListDataSchema,
    );
    expect(mine.list.find((one) => one.id === application.id)?.agreements).toEqual(CURRENT);
    const operator = dataOf(
      await server.admin('GET', `${adminCardPaths.applications}?status=processing`),
      adminApplicationsDataSchema,
    );
    expect(operator.list.find((one) => one.id === application.id)?.agreements).toEqual(CURRENT);

    // Rejected, then applied for again: the new application records its own acceptance.
    await server.admin('POST', adminCardPaths.reject, { id: application.id, reason: 'quota' });
    const again = dataOf(
      await cardMoneyPost(server, token, applicationPaths.reapply, {
        id: application.id,
        agree: true,
        agreements: [...CURRENT].reverse(),
      }),
      cardApplicationSchema,
    );
    expect(again.agreements).toEqual(CURRENT);
    await assertLedgerInvariants(server.db);
  });

  it('a client that does not say which agreements records the ones in force', async () => {
    const application = dataOf(await apply({}), cardApplicationSchema);
    expect(application.agreements).toEqual(CURRENT);
  });

  it.each([
    ['an older version', CURRENT.map((one) => ({ ...one, version: '2025-06' }))],
    ['one agreement missing', CURRENT.slice(0, 1)],
    ['an unknown agreement added', [...CURRENT, { id: 'marketing', version: '2026-01' }]],
    ['none', []],
  ])(
    'an application on %s is refused with the agreements in force and charges nothing',
    async (_case, agreements) => {
      const before = (await walletOf(server, token)).USDT.available;
      const count = dataOf(
        await cardPost(server, token, applicationPaths.applicationList, {}),
        applicationListDataSchema,
      ).total;
      const answer = await apply({ agreements });
      expectRefusal(answer, apiErrors.agreements_changed.status, apiErrors.agreements_changed.code);
      expect(answer.body.message).toBe(
        'The agreements have changed. Read the new version and agree again.',
      );
      expect(answer.body.data).toEqual({ field: 'agreements', current: CURRENT });
      expect((await walletOf(server, token)).USDT.available).toBe(before);
      expect(
        dataOf(
          await cardPost(server, token, applicationPaths.applicationList, {}),
          applicationListDataSchema,
        ).total,
      ).toBe(count);
    },
  );
});
