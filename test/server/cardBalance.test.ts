// A card says which recharges are on their way, on SQLite and PostgreSQL: `pending_recharge`
// counts the recharges paid for and not yet settled or failed, in the card detail and in the
// card list, so the app knows to look again until the balance has moved.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardPaths, cardSchema, myCardListDataSchema } from '../../contract/api/card/cards.ts';
import { rechargePaths, rechargeRecordSchema } from '../../contract/api/card/recharges.ts';
import { adminCardPaths } from '../../server/admin/contractCard.ts';
import { login, startTestServer, testWallet, type TestServer } from './harness.ts';
import { assertLedgerInvariants } from './support/ledgerInvariants.ts';
import { dataOf } from './support/money.ts';
import { activeVirtualCard, cardPost, cardMoneyPost } from './support/card.ts';

describe('recharges on their way to a card', () => {
  let server: TestServer;
  const alice = testWallet('card balance alice');
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ inviteRequired: false });
    token = await login(server, alice);
  });
  afterAll(() => server.close());

  it('show on the card until they settle or fail; the balance moves when one settles', async () => {
    const card = await activeVirtualCard(server, token, alice.address);
    expect(card).toMatchObject({ balance: '0', pending_recharge: '0' });
    const recharge = async (amount: string) =>
      dataOf(
        await cardMoneyPost(server, token, rechargePaths.recharge, { id: card.id, amount }),
        rechargeRecordSchema,
      );
    const detail = async () =>
      dataOf(await cardPost(server, token, cardPaths.cardDetail, { id: card.id }), cardSchema);
    const listed = async () =>
      dataOf(
        await cardPost(server, token, cardPaths.myCardList, {}),
        myCardListDataSchema,
      ).list.find((one) => one.id === card.id);

    const first = await recharge('50');
    const second = await recharge('20.5');
    expect(await detail()).toMatchObject({ balance: '0', pending_recharge: '70.5' });
    expect(await listed()).toMatchObject({ balance: '0', pending_recharge: '70.5' });

    // Processing is still on its way; settled lands on the balance.
    await server.admin('POST', adminCardPaths.rechargeProcess, { id: first.id });
    expect(await detail()).toMatchObject({ balance: '0', pending_recharge: '70.5' });
    await server.admin('POST', adminCardPaths.rechargeSettle, { id: first.id });
    expect(await detail()).toMatchObject({ balance: '50', pending_recharge: '20.5' });
    expect(await listed()).toMatchObject({ balance: '50', pending_recharge: '20.5' });

    // A failed one goes back to the user's balance, not onto the card.
    const failed = await server.admin('POST', adminCardPaths.rechargeFail, {
      id: second.id,
      reason: 'issuer down',
    });
    expect(failed.status, failed.text).toBe(200);
    expect(await detail()).toMatchObject({ balance: '50', pending_recharge: '0' });
    expect(await listed()).toMatchObject({ balance: '50', pending_recharge: '0' });

    // A freeze answers the card as it is now, recharges on their way included.
    await recharge('10');
    const frozen = dataOf(
      await cardPost(server, token, cardPaths.freeze, { id: card.id }),
      cardSchema,
    );
    expect(frozen).toMatchObject({ status: 'frozen', pending_recharge: '10' });
    await assertLedgerInvariants(server.db);
  });
});
