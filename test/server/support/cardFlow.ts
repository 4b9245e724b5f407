// The card journeys' common start (cardApplications, cardStates, cardRecharges and
// cardAuthorisation tests): a server that keeps its log lines, alice signed in with 1000
// USDT, an approved holder and a delivery address; and the steps most tests take.
import { Writable } from 'node:stream';
import type * as v from 'valibot';
import { addressPaths, deliveryAddressSchema } from '../../../contract/api/card/addresses.ts';
import {
  applicationPaths,
  cardApplicationSchema,
} from '../../../contract/api/card/applications.ts';
import { adminCardPaths, adminIssueDataSchema } from '../../../server/admin/contractCard.ts';
import { login, startTestServer, testWallet, type TestServer } from '../harness.ts';
import { ADDRESS_FIELDS, addHolder, approveHolder, cardMoneyPost, cardPost } from './card.ts';
import { credit, dataOf, walletOf } from './money.ts';

export interface CardFlow {
  server: TestServer;
  alice: ReturnType<typeof testWallet>;
  aliceToken: string;
  holderId: string;
  addressId: string;
  /** Alice's available USDT. */
  usdt(): Promise<string>;
  applyVirtual(
    token?: string,
    holder?: string,
  ): Promise<v.InferOutput<typeof cardApplicationSchema>>;
  issue(applicationId: string): Promise<v.InferOutput<typeof adminIssueDataSchema>>;
  issuedCard(
    type?: 'virtual' | 'physical',
  ): Promise<v.InferOutput<typeof adminIssueDataSchema>['card']>;
}

export async function startCardFlow(logLines: string[]): Promise<CardFlow> {
  const server = await startTestServer({
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
  const alice = testWallet('card flows alice');
  const aliceToken = await login(server, alice);
  await credit(server, alice.address, 'USDT', '1000');
  const holder = await addHolder(server, aliceToken);
  await approveHolder(server, holder.id);
  const holderId = holder.id;
  const addressId = dataOf(
    await cardPost(server, aliceToken, addressPaths.addAddress, ADDRESS_FIELDS),
    deliveryAddressSchema,
  ).id;

  async function applyVirtual(token = aliceToken, holderOf = holderId) {
    return dataOf(
      await cardMoneyPost(server, token, applicationPaths.openVirtualCard, {
        region: 'HK',
        holder_id: holderOf,
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

  return {
    server,
    alice,
    aliceToken,
    holderId,
    addressId,
    usdt: async () => (await walletOf(server, aliceToken)).USDT.available,
    applyVirtual,
    issue,
    issuedCard,
  };
}
