// Revealing a card number needs a fresh signature of the wallet (EIP-191 personal_sign):
// the server issues a single-use message valid for a minute, naming the card; the signed
// message is accepted once, by the card's owner, before it expires. Any failure answers
// reveal_signature_invalid and spends the challenge.
import type { RevealData, RevealMessageData } from '../../contract/api/card/cards.ts';
import { sameAddress } from '../../contract/wallet/address.ts';
import { recoverPersonalSignAddress } from '../../contract/wallet/eip191.ts';
import { randomText } from '../randomText.ts';
import type { UserRow } from '../db/schema.ts';
import { DomainError } from '../domainError.ts';
import type { CardContext } from './cardContext.ts';
import { findOwnCard, openCardSecret } from './cards.ts';

export const REVEAL_CHALLENGE_TTL_MS = 60_000;

function revealMessage(last4: string, cardId: bigint, nonce: string, expiresAt: string): string {
  return [
    'JU Wallet: show the full number of my card.',
    `Card: ${cardId} (ending ${last4})`,
    `Nonce: ${nonce}`,
    `Expires: ${expiresAt}`,
  ].join('\n');
}

export async function issueRevealMessage(
  card: CardContext,
  user: UserRow,
  cardId: bigint,
): Promise<RevealMessageData> {
  const target = await findOwnCard(card.db, user.id, cardId);
  if (target.status === 'blocked') throw new DomainError('card_blocked');
  const now = card.now();
  const nonce = randomText(24);
  const expiresAt = new Date(now.getTime() + REVEAL_CHALLENGE_TTL_MS).toISOString();
  await card.db.kysely
    .deleteFrom('card_reveal_challenges')
    .where('expires_at', '<=', now.toISOString())
    .execute();
  await card.db.kysely
    .insertInto('card_reveal_challenges')
    .values({ nonce, user_id: user.id, card_id: cardId, expires_at: expiresAt })
    .execute();
  return { message: revealMessage(target.last4, cardId, nonce, expiresAt), expires_at: expiresAt };
}

export async function revealCard(
  card: CardContext,
  user: UserRow,
  request: { cardId: bigint; message: string; signature: string },
): Promise<RevealData> {
  const target = await findOwnCard(card.db, user.id, request.cardId);
  if (target.status === 'blocked') throw new DomainError('card_blocked');
  const nonce = /^Nonce: ([A-Za-z0-9]{24})$/m.exec(request.message)?.[1];
  const refused = new DomainError('reveal_signature_invalid');
  if (!nonce) throw refused;
  // Deleting is what makes the message single-use: of two concurrent reveals one wins.
  const challenge = await card.db.kysely
    .deleteFrom('card_reveal_challenges')
    .where('nonce', '=', nonce)
    .where('user_id', '=', user.id)
    .where('card_id', '=', request.cardId)
    .returningAll()
    .executeTakeFirst();
  if (!challenge || challenge.expires_at <= card.now().toISOString()) throw refused;
  if (request.message !== revealMessage(target.last4, target.id, nonce, challenge.expires_at))
    throw refused;
  let signer: string;
  try {
    signer = recoverPersonalSignAddress(request.message, request.signature);
  } catch {
    throw refused;
  }
  if (!sameAddress(signer, user.address)) throw refused;
  const secret = openCardSecret(card.vault, target);
  return { number: secret.number, cvv: secret.cvv, expiry: target.expiry };
}
