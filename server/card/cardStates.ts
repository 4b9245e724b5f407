// The card state machine (contract/api/card/cards.ts, "Card states"). One table of allowed
// moves; any other move is refused with the error that says why.
import type { ApiErrorName } from '../../contract/api/errors.ts';
import type { CardRow } from '../db/schemaCard.ts';

export type CardState = CardRow['status'];
export type CardAction = 'activate' | 'freeze' | 'unfreeze' | 'report';

export type Transition = { ok: true; to: CardState } | { ok: false; error: ApiErrorName };

export function transition(card: Pick<CardRow, 'status' | 'type'>, action: CardAction): Transition {
  if (card.status === 'blocked') return { ok: false, error: 'card_blocked' };
  switch (action) {
    case 'activate':
      if (card.type !== 'physical') return { ok: false, error: 'card_not_physical' };
      return card.status === 'inactive'
        ? { ok: true, to: 'active' }
        : { ok: false, error: 'card_already_active' };
    case 'freeze':
      return card.status === 'active'
        ? { ok: true, to: 'frozen' }
        : { ok: false, error: 'card_not_active' };
    case 'unfreeze':
      return card.status === 'frozen'
        ? { ok: true, to: 'active' }
        : { ok: false, error: 'card_not_frozen' };
    case 'report':
      return { ok: true, to: 'blocked' };
  }
}

/** Recharge, PIN and spending need an active card; the error says what is in the way. */
export function requireActive(card: Pick<CardRow, 'status'>): ApiErrorName | null {
  if (card.status === 'active') return null;
  return card.status === 'blocked' ? 'card_blocked' : 'card_not_active';
}

/** The state a newly issued card starts in: a physical card waits until it is received. */
export function issuedState(type: CardRow['type']): CardState {
  return type === 'physical' ? 'inactive' : 'active';
}
