// Cards: issue (operator), the owner's views, and the controls (activate, freeze,
// unfreeze, report, PIN). Numbers and CVVs are sealed; only the last four are in clear.
import { createHmac, randomInt } from 'node:crypto';
import type { Card } from '../../contract/api/card/cards.ts';
import type { AppDatabase } from '../db/database.ts';
import type { CardApplicationRow, CardRow } from '../db/schemaCard.ts';
import { DomainError } from '../domainError.ts';
import { readPage, type Page } from '../db/pages.ts';
import { sumUnits, unitsFromSum } from '../db/sumUnits.ts';
import type { CardContext } from './cardContext.ts';
import { issuedState, transition, type CardAction } from './cardStates.ts';
import { cardAmount } from './info.ts';
import { inRetryingTransaction } from '../db/transaction.ts';
import { emitUserEvent } from '../realtime/events.ts';
import {
  ACCOUNT_KIND,
  ensureSystemAccount,
  ensureUserAccount,
  shardFor,
} from '../ledger/accounts.ts';
import { postTransfer } from '../ledger/postTransfer.ts';
import { CARD_TRANSFER_KIND } from './transferKinds.ts';
import type { Vault } from '../vault.ts';

const CARD_YEARS = 3;
// Owner and row (a card's application is its own): a sealed number copied onto another
// card does not open.
const secretBinding = (userId: bigint, applicationId: bigint) =>
  `card-secret:${userId}:${applicationId}`;

export interface CardSecret {
  number: string;
  cvv: string;
}

/** A 16-digit number under `bin` with a valid Luhn check digit. */
export function cardNumber(bin: string): string {
  let digits = bin;
  while (digits.length < 15) digits += String(randomInt(10));
  return digits + luhnCheckDigit(digits);
}

function luhnCheckDigit(partial: string): string {
  let sum = 0;
  for (let index = 0; index < partial.length; index++) {
    let digit = Number(partial[partial.length - 1 - index]);
    if (index % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return String((10 - (sum % 10)) % 10);
}

/** Draws of a number before giving up: with 8+ random digits, a second draw is already rare. */
const NUMBER_DRAWS = 10;

export function numberDigest(vault: Vault, number: string): string {
  return createHmac('sha256', vault.derivedKey('card-number-digest')).update(number).digest('hex');
}

/** A card number no other card has (the unique digest also guards a concurrent draw). */
export async function unusedCardNumber(
  trx: AppDatabase,
  vault: Vault,
  bin: string,
  draw: () => string = () => cardNumber(bin),
): Promise<{ number: string; digest: string }> {
  for (let attempt = 0; attempt < NUMBER_DRAWS; attempt++) {
    const number = draw();
    const digest = numberDigest(vault, number);
    const taken = await trx.kysely
      .selectFrom('cards')
      .select('id')
      .where('number_digest', '=', digest)
      .executeTakeFirst();
    if (!taken) return { number, digest };
  }
  throw new Error(`No unused card number left under BIN ${bin}`);
}

export function maskCardNumber(last4: string): string {
  return `**** **** **** ${last4}`;
}

/** Creates the card of an application being issued (inside the operator's transaction). */
export async function createCard(
  trx: AppDatabase,
  vault: Vault,
  application: CardApplicationRow,
  now: Date,
): Promise<CardRow> {
  const { number, digest } = await unusedCardNumber(trx, vault, application.bin);
  const secret: CardSecret = { number, cvv: String(randomInt(1000)).padStart(3, '0') };
  const expiry = `${String(now.getUTCMonth() + 1).padStart(2, '0')}/${String((now.getUTCFullYear() + CARD_YEARS) % 100).padStart(2, '0')}`;
  return trx.kysely
    .insertInto('cards')
    .values({
      user_id: application.user_id,
      application_id: application.id,
      type: application.type,
      region: application.region,
      status: issuedState(application.type),
      number_digest: digest,
      secret_sealed: vault.sealText(
        JSON.stringify(secret),
        secretBinding(application.user_id, application.id),
      ),
      last4: secret.number.slice(-4),
      expiry,
      holder_name: application.holder_name,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function openCardSecret(vault: Vault, row: CardRow): CardSecret {
  return JSON.parse(
    vault.openText(row.secret_sealed, secretBinding(row.user_id, row.application_id)),
  ) as CardSecret;
}

export async function findOwnCard(db: AppDatabase, userId: bigint, id: bigint): Promise<CardRow> {
  const row = await db.kysely
    .selectFrom('cards')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new DomainError('card_not_found');
  return row;
}

export async function listCards(
  db: AppDatabase,
  userId: bigint,
  query: Page & { type?: CardRow['type'] },
): Promise<{ list: Card[]; total: number }> {
  let mine = db.kysely.selectFrom('cards').where('user_id', '=', userId);
  if (query.type !== undefined) mine = mine.where('type', '=', query.type);
  const { rows, total } = await readPage(mine, (q) => q.selectAll().orderBy('id', 'desc'), query);
  return { total, list: await cardsWire(db, rows) };
}

/** The recharges on their way to each card (pending or processing), in units. */
async function rechargesOnTheWay(
  db: AppDatabase,
  cardIds: readonly bigint[],
): Promise<Map<bigint, bigint>> {
  if (cardIds.length === 0) return new Map();
  const rows = await db.kysely
    .selectFrom('card_recharges')
    .select(['card_id', sumUnits(db.dialect, 'amount').as('units')])
    .where('card_id', 'in', cardIds)
    .where('status', 'in', ['pending', 'processing'])
    .groupBy('card_id')
    .execute();
  return new Map(rows.map((row) => [row.card_id, unitsFromSum(row.units)]));
}

/** Cards as their owner sees them, with the recharges on their way. */
export async function cardsWire(db: AppDatabase, rows: readonly CardRow[]): Promise<Card[]> {
  const onTheWay = await rechargesOnTheWay(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => cardWire(row, onTheWay.get(row.id) ?? 0n));
}

/**
 * Moves an own card by `action`. The UPDATE is guarded by the state (and balance) it was
 * read in, so of two concurrent moves only one happens; the other is judged again on the
 * new state. A card reported lost or stolen is blocked for good, so its balance goes back
 * to the user's USDT balance in the same transaction: no money stays stranded on it.
 */
export async function moveCard(
  card: CardContext,
  userId: bigint,
  id: bigint,
  action: CardAction,
  blockedReason: string | null = null,
): Promise<Card> {
  for (;;) {
    const moved = await inRetryingTransaction(card.db, async (trx) => {
      const current = await findOwnCard(trx, userId, id);
      const next = transition(current, action);
      if (!next.ok) throw new DomainError(next.error, { data: { status: current.status } });
      const returning = action === 'report' && current.balance > 0n;
      const row = await trx.kysely
        .updateTable('cards')
        .set({
          status: next.to,
          blocked_reason: action === 'report' ? blockedReason : current.blocked_reason,
          ...(returning ? { balance: 0n } : {}),
          updated_at: card.now().toISOString(),
        })
        .where('id', '=', id)
        .where('status', '=', current.status)
        .where('balance', '=', current.balance)
        .returningAll()
        .executeTakeFirst();
      if (row && returning) await returnCardBalance(trx, card.now(), current);
      if (row)
        await emitUserEvent(trx, card.now(), {
          userId,
          stream: 'user@card',
          kind: `card_${row.status}`,
        });
      return row;
    });
    if (moved) return (await cardsWire(card.db, [moved]))[0]!;
  }
}

/** One transfer from the card funding account back to the user's available USDT. */
async function returnCardBalance(trx: AppDatabase, now: Date, blocked: CardRow): Promise<void> {
  const shard = shardFor(blocked.user_id);
  await postTransfer(trx, {
    idempotencyKey: `card-balance-return:${blocked.id}`,
    kind: CARD_TRANSFER_KIND.balanceReturn,
    memo: `card ${blocked.last4}`,
    legs: [
      {
        accountId: await ensureSystemAccount(trx, 'USDT', ACCOUNT_KIND.cardFunding, now, shard),
        amount: -blocked.balance,
      },
      {
        accountId: await ensureUserAccount(trx, blocked.user_id, 'USDT', now),
        amount: blocked.balance,
      },
    ],
    now,
  });
}

export function pinPepper(vault: Vault): Buffer {
  return vault.derivedKey('card-pin');
}

/** `onTheWay`: units of the recharges still pending or processing (none on a new card). */
export function cardWire(row: CardRow, onTheWay = 0n): Card {
  return {
    id: String(row.id),
    type: row.type,
    region: row.region,
    status: row.status,
    masked_number: maskCardNumber(row.last4),
    last4: row.last4,
    expiry: row.expiry,
    balance: cardAmount(row.balance),
    pending_recharge: cardAmount(onTheWay),
    coin: 'USDT',
    holder_name: row.holder_name,
    application_id: String(row.application_id),
    pin_set: row.pin_hash !== null,
    blocked_reason: row.blocked_reason,
    created_at: row.created_at,
  };
}
