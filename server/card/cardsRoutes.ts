// /api/v1/visa/*: card applications, cards, recharges and card controls (contract/api/card/).
// Every id is looked up with the session's user: another user's card, application or
// record answers exactly like a missing one.
import { assetDecimals } from '../../contract/api/assets.ts';
import {
  applicationEndpoints,
  type ApplicationListData,
  type CardApplication,
} from '../../contract/api/card/applications.ts';
import {
  type Card,
  cardEndpoints,
  type MyCardListData,
  type RevealData,
  type RevealMessageData,
} from '../../contract/api/card/cards.ts';
import { type GetVirtualCardBinData, infoEndpoints } from '../../contract/api/card/info.ts';
import { rechargeEndpoints, type RechargeRecord } from '../../contract/api/card/recharges.ts';
import {
  type ConsumeListData,
  type RechargeListData,
  recordEndpoints,
} from '../../contract/api/card/records.ts';
import { CARD_COIN } from '../../contract/api/card/shared.ts';
import { parseAmount } from '../../contract/money/parseAmount.ts';
import { applicationWire, applyForCard, listApplications, reapplyForCard } from './applications.ts';
import { cardContext } from './cardContext.ts';
import type { CardAction } from './cardStates.ts';
import { setPin } from './cardPin.ts';
import { cardsWire, findOwnCard, listCards, moveCard } from './cards.ts';
import { cardBins } from './info.ts';
import { listConsumptions, listRecharges, rechargeCard, rechargeWire } from './recharges.ts';
import { issueRevealMessage, revealCard } from './reveal.ts';
import { defineRoute, type Route } from '../http/route.ts';

const done = null;

/** A card move that needs nothing but the card's id (activate, freeze, unfreeze). */
function cardMoveRoute(
  endpoint: (typeof cardEndpoints)['active'],
  action: Exclude<CardAction, 'report'>,
): Route {
  return defineRoute({
    endpoint,
    async handler({ context, user, input }): Promise<Card> {
      return moveCard(cardContext(context), user.id, BigInt(input.id), action);
    },
  });
}

export const cardRoutes: Route[] = [
  defineRoute({
    endpoint: infoEndpoints.getVirtualCardBin,
    async handler({ context, input }): Promise<GetVirtualCardBinData> {
      return { list: cardBins(context.settings.card, input) };
    },
  }),

  // ---- Applications (money)
  defineRoute({
    endpoint: applicationEndpoints.openVirtualCard,
    async handler({ context, user, input, idempotencyKey }): Promise<CardApplication> {
      return applyForCard(
        cardContext(context),
        user.id,
        {
          type: 'virtual',
          region: input.region,
          holderId: BigInt(input.holder_id),
          addressId: null,
          bin: input.bin,
          agreements: input.agreements,
        },
        idempotencyKey,
      );
    },
  }),
  defineRoute({
    endpoint: applicationEndpoints.openRealCard,
    async handler({ context, user, input, idempotencyKey }): Promise<CardApplication> {
      return applyForCard(
        cardContext(context),
        user.id,
        {
          type: 'physical',
          region: input.region,
          holderId: BigInt(input.holder_id),
          addressId: BigInt(input.address_id),
          agreements: input.agreements,
        },
        idempotencyKey,
      );
    },
  }),
  defineRoute({
    endpoint: applicationEndpoints.reapply,
    async handler({ context, user, input, idempotencyKey }): Promise<CardApplication> {
      return reapplyForCard(
        cardContext(context),
        user.id,
        {
          applicationId: BigInt(input.id),
          holderId: input.holder_id === undefined ? undefined : BigInt(input.holder_id),
          addressId: input.address_id === undefined ? undefined : BigInt(input.address_id),
          agreements: input.agreements,
        },
        idempotencyKey,
      );
    },
  }),
  defineRoute({
    endpoint: applicationEndpoints.applicationList,
    async handler({ context, user, input }): Promise<ApplicationListData> {
      const { rows, total } = await listApplications(context.db, {
        userId: user.id,
        status: input.status,
        page: input.page,
        pageSize: input.page_size,
      });
      return { total, list: rows.map(({ row, canReapply }) => applicationWire(row, canReapply)) };
    },
  }),

  // ---- Cards
  defineRoute({
    endpoint: cardEndpoints.myCardList,
    async handler({ context, user, input }): Promise<MyCardListData> {
      return listCards(context.db, user.id, {
        type: input.type,
        page: input.page,
        pageSize: input.page_size,
      });
    },
  }),
  defineRoute({
    endpoint: cardEndpoints.cardDetail,
    async handler({ context, user, input }): Promise<Card> {
      const row = await findOwnCard(context.db, user.id, BigInt(input.id));
      return (await cardsWire(context.db, [row]))[0]!;
    },
  }),
  cardMoveRoute(cardEndpoints.active, 'activate'),
  cardMoveRoute(cardEndpoints.freeze, 'freeze'),
  cardMoveRoute(cardEndpoints.unfreeze, 'unfreeze'),
  defineRoute({
    endpoint: cardEndpoints.report,
    async handler({ context, user, input }): Promise<Card> {
      return moveCard(cardContext(context), user.id, BigInt(input.id), 'report', input.reason);
    },
  }),
  defineRoute({
    endpoint: cardEndpoints.updatePin,
    async handler({ context, user, input }): Promise<null> {
      await setPin(cardContext(context), user.id, BigInt(input.id), {
        pin: input.pin,
        currentPin: input.current_pin,
      });
      return done;
    },
  }),
  defineRoute({
    endpoint: cardEndpoints.revealMessage,
    async handler({ context, user, input }): Promise<RevealMessageData> {
      return issueRevealMessage(cardContext(context), user, BigInt(input.id));
    },
  }),
  defineRoute({
    endpoint: cardEndpoints.reveal,
    async handler({ context, user, input }): Promise<RevealData> {
      return revealCard(cardContext(context), user, {
        cardId: BigInt(input.id),
        message: input.message,
        signature: input.signature,
      });
    },
  }),

  // ---- Recharge and records
  defineRoute({
    endpoint: rechargeEndpoints.recharge,
    async handler({ context, user, input, idempotencyKey }): Promise<RechargeRecord> {
      // The schema has checked it: plain, positive, within the coin's decimals.
      const [units] = parseAmount(input.amount, { decimals: assetDecimals(CARD_COIN) });
      return rechargeCard(cardContext(context), user.id, BigInt(input.id), units, idempotencyKey);
    },
  }),
  defineRoute({
    endpoint: recordEndpoints.rechargeList,
    async handler({ context, user, input }): Promise<RechargeListData> {
      await findOwnCard(context.db, user.id, BigInt(input.id));
      const { rows, total } = await listRecharges(context.db, {
        userId: user.id,
        cardId: BigInt(input.id),
        status: input.status,
        page: input.page,
        pageSize: input.page_size,
      });
      return { total, list: rows.map(rechargeWire) };
    },
  }),
  defineRoute({
    endpoint: recordEndpoints.consumeList,
    async handler({ context, user, input }): Promise<ConsumeListData> {
      await findOwnCard(context.db, user.id, BigInt(input.id));
      return listConsumptions(context.db, {
        userId: user.id,
        cardId: BigInt(input.id),
        page: input.page,
        pageSize: input.page_size,
      });
    },
  }),
];
