// /api/v1/visa/*: the user's cards (contract/api/card/cards.ts): the list, one card, its
// moves (activate, freeze, unfreeze, report), its PIN and revealing its number. Every id is
// looked up with the session's user: another user's card answers exactly like a missing one.
import {
  type Card,
  cardEndpoints,
  type MyCardListData,
  type RevealData,
  type RevealMessageData,
} from '../../contract/api/card/cards.ts';
import { defineRoute, type Route } from '../http/route.ts';
import { cardContext } from './cardContext.ts';
import { setPin } from './cardPin.ts';
import type { CardAction } from './cardStates.ts';
import { cardsWire, findOwnCard, listCards, moveCard } from './cards.ts';
import { pageOf } from './lists.ts';
import { issueRevealMessage, revealCard } from './reveal.ts';

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
    endpoint: cardEndpoints.myCardList,
    async handler({ context, user, input }): Promise<MyCardListData> {
      return listCards(context.db, user.id, { type: input.type, ...pageOf(input) });
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
];
