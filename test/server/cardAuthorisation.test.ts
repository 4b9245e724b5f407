// The card service refuses another user's ids exactly like missing ones, on SQLite and
// PostgreSQL, and changes nothing; the ledger invariants after every test.
import * as v from 'valibot';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addressPaths, deliveryAddressSchema } from '../../contract/api/card/addresses.ts';
import {
  applicationListDataSchema,
  applicationPaths,
} from '../../contract/api/card/applications.ts';
import { cardPaths, cardSchema, myCardListDataSchema } from '../../contract/api/card/cards.ts';
import { rechargePaths } from '../../contract/api/card/recharges.ts';
import { recordPaths } from '../../contract/api/card/records.ts';
import { adminCardPaths } from '../../server/admin/contractCard.ts';
import { login, type TestServer, testWallet } from './harness.ts';
import {
  addHolder,
  ADDRESS_FIELDS,
  approveHolder,
  cardMoneyPost,
  cardPost,
} from './support/card.ts';
import { type CardFlow, startCardFlow } from './support/cardFlow.ts';
import { assertLedgerInvariants } from './support/ledgerInvariants.ts';
import { credit, dataOf, expectRefusal, refusal, walletOf } from './support/money.ts';

describe('cards of another user', () => {
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

  const applyVirtual = (token?: string, holder?: string) => flow.applyVirtual(token, holder);
  const issuedCard = (type?: 'virtual' | 'physical') => flow.issuedCard(type);

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
