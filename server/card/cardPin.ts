// Setting and changing a card's PIN. Only a slow, salted, keyed hash is kept (pin.ts). The
// first PIN of a card is set with the wallet's session alone; a change must also give the
// current PIN, so a session left open on someone else's phone is not enough to take over
// the card. Each check of a current PIN is claimed (counted) before it runs, so however
// many arrive at once, at most PIN_FAILURES_BEFORE_LOCK wrong ones are tried before PIN
// changes are locked for PIN_LOCK_MINUTES; a right one clears the count.
import { PIN_FAILURES_BEFORE_LOCK, PIN_LOCK_MINUTES } from '../../contract/api/card/cards.ts';
import type { CardRow } from '../db/schemaCard.ts';
import { DomainError } from '../domainError.ts';
import type { CardContext } from './cardContext.ts';
import { requireActive } from './cardStates.ts';
import { findOwnCard, pinPepper } from './cards.ts';
import { hashPin, verifyPin } from './pin.ts';

const LOCK_MS = PIN_LOCK_MINUTES * 60_000;

export interface PinRequest {
  pin: string;
  /** Required once the card has a PIN. */
  currentPin?: string | undefined;
}

/** Sets or changes the PIN of an own active card. */
export async function setPin(
  card: CardContext,
  userId: bigint,
  id: bigint,
  request: PinRequest,
): Promise<void> {
  const current = await findOwnCard(card.db, userId, id);
  const blocked = requireActive(current);
  if (blocked) throw new DomainError(blocked, { data: { status: current.status } });
  const pepper = pinPepper(card.vault);
  if (current.pin_hash !== null) {
    if (request.currentPin === undefined)
      throw new DomainError('pin_current_required', { data: { field: 'current_pin' } });
    await proveCurrentPin(card, current, current.pin_hash, request.currentPin, pepper);
  }
  const pinHash = await hashPin(request.pin, pepper);
  // Only over the PIN that was proven (or over none): of two changes at once, one wins.
  let update = card.db.kysely
    .updateTable('cards')
    .set({
      pin_hash: pinHash,
      pin_failures: 0n,
      pin_locked_until: null,
      updated_at: card.now().toISOString(),
    })
    .where('id', '=', id)
    .where('status', '=', 'active');
  update =
    current.pin_hash === null
      ? update.where('pin_hash', 'is', null)
      : update.where('pin_hash', '=', current.pin_hash);
  if (await update.returning('id').executeTakeFirst()) return;
  const now = await findOwnCard(card.db, userId, id);
  if (now.status !== 'active') throw new DomainError('card_not_active');
  throw new DomainError(current.pin_hash === null ? 'pin_current_required' : 'pin_current_wrong', {
    data: { field: 'current_pin' },
  });
}

async function proveCurrentPin(
  card: CardContext,
  row: CardRow,
  storedHash: string,
  pin: string,
  pepper: Buffer,
): Promise<void> {
  const now = card.now();
  const claimed = await card.db.kysely
    .updateTable('cards')
    .set((eb) => ({ pin_failures: eb('pin_failures', '+', 1n) }))
    .where('id', '=', row.id)
    .where('pin_failures', '<', BigInt(PIN_FAILURES_BEFORE_LOCK))
    .where((eb) =>
      eb.or([eb('pin_locked_until', 'is', null), eb('pin_locked_until', '<=', now.toISOString())]),
    )
    .returning('pin_failures')
    .executeTakeFirst();
  if (!claimed) throw await lockPinChanges(card, row.id, now);
  if (await verifyPin(pin, storedHash, pepper)) return;
  if (claimed.pin_failures >= BigInt(PIN_FAILURES_BEFORE_LOCK))
    throw await lockPinChanges(card, row.id, now);
  // How many more wrong ones lock changes, so the user can stop and look the PIN up first.
  const attemptsLeft = Number(BigInt(PIN_FAILURES_BEFORE_LOCK) - claimed.pin_failures);
  throw new DomainError('pin_current_wrong', {
    data: { field: 'current_pin', attempts_left: attemptsLeft },
  });
}

/**
 * Locks PIN changes from `now` unless they already are; answers the refusal that says until
 * when. Also mends a count left at the limit with no lock (a check cut short by a crash).
 */
async function lockPinChanges(card: CardContext, id: bigint, now: Date): Promise<DomainError> {
  await card.db.kysely
    .updateTable('cards')
    .set({ pin_failures: 0n, pin_locked_until: new Date(now.getTime() + LOCK_MS).toISOString() })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([eb('pin_locked_until', 'is', null), eb('pin_locked_until', '<=', now.toISOString())]),
    )
    .execute();
  const { pin_locked_until: until } = await card.db.kysely
    .selectFrom('cards')
    .select('pin_locked_until')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const left = until === null ? LOCK_MS : Date.parse(until) - now.getTime();
  const minutes = Math.max(1, Math.ceil(left / 60_000));
  return new DomainError('pin_locked', {
    values: { minutes },
    data: { field: 'current_pin', locked_until: until },
  });
}
