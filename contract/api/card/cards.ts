// Card service: the user's cards, their states and moves (activate, freeze, report), the
// PIN, and revealing the card number with a fresh wallet signature.
import * as v from 'valibot';
import { amountStringSchema } from '../assets.ts';
import type { ApiErrorName } from '../errors.ts';
import { pagedList } from '../response.ts';
import { recordIdSchema } from '../withdraw.ts';
import { SIGNATURE_HEX } from '../../wallet/addressShape.ts';
import { defineEndpoint } from '../endpoint.ts';
import { cardTypeSchema } from './info.ts';
import { CARD_API, CARD_COIN, idRequestSchema, pageRequest } from './shared.ts';

/**
 * Card states and the only moves between them (anything else is refused with a clear
 * error: card_not_active, card_already_active, card_not_frozen, card_not_physical,
 * card_blocked):
 *   issued virtual → active; issued physical → inactive;
 *   inactive → active (active: physical only, once received);
 *   active → frozen (freeze); frozen → active (unfreeze);
 *   inactive | active | frozen → blocked (report lost/stolen; for good).
 * Recharge, PIN and spending need `active`.
 */
export const CARD_STATUSES = ['inactive', 'active', 'frozen', 'blocked'] as const;
export const cardStatusSchema = v.fallback(v.picklist([...CARD_STATUSES, 'unknown']), 'unknown');
export type CardStatus = v.InferOutput<typeof cardStatusSchema>;

export const cardSchema = v.object({
  id: v.string(),
  type: cardTypeSchema,
  region: v.string(),
  status: cardStatusSchema,
  /** e.g. '**** **** **** 1234'; the full number only through `reveal`. */
  masked_number: v.string(),
  last4: v.string(),
  /** MM/YY */
  expiry: v.string(),
  balance: amountStringSchema,
  /**
   * Recharges paid for and not yet on the card (pending or processing): added to `balance`
   * when they settle. While it is not zero the app looks at the card again every 30 s.
   */
  pending_recharge: amountStringSchema,
  coin: v.literal(CARD_COIN),
  holder_name: v.string(),
  application_id: v.string(),
  pin_set: v.boolean(),
  /** Why it was blocked: 'lost' or 'stolen'. */
  blocked_reason: v.nullable(v.string()),
  created_at: v.string(),
});
export type Card = v.InferOutput<typeof cardSchema>;

export const myCardListRequestSchema = pageRequest({ type: v.optional(cardTypeSchema) });
export type MyCardListRequest = v.InferInput<typeof myCardListRequestSchema>;
export const myCardListDataSchema = pagedList(cardSchema);
export type MyCardListData = v.InferOutput<typeof myCardListDataSchema>;

/** POST report: blocks the card for good; its application may then be reapplied for. */
export const reportRequestSchema = v.object({
  id: recordIdSchema,
  reason: v.picklist(['lost', 'stolen']),
});
export type ReportRequest = v.InferInput<typeof reportRequestSchema>;

export const PIN_LENGTH = 6;
const PIN_FORMAT = /^\d{6}$/;

/**
 * All one digit (111111) or a run of six up or down (123456, 345678, 654321…): the first
 * PINs anyone tries with a card that is not theirs, so a new PIN may not be one of them.
 */
export function isSimplePin(pin: string): boolean {
  if (!PIN_FORMAT.test(pin)) return false;
  const digits = [...pin].map(Number);
  const steps = digits.slice(1).map((digit, index) => digit - digits[index]!);
  return [0, 1, -1].some((step) => steps.every((each) => each === step));
}

const pinSchema = v.pipe(
  v.optional(v.string('pin_invalid' satisfies ApiErrorName), ''),
  v.regex(PIN_FORMAT, 'pin_invalid' satisfies ApiErrorName),
);
const newPinSchema = v.pipe(
  pinSchema,
  v.check((pin) => !isSimplePin(pin), 'pin_too_simple' satisfies ApiErrorName),
);

/**
 * POST updatePin: set the PIN (6 digits, entered twice, not a simple one). Once the card
 * has a PIN, a change must give the current one (`current_pin`), which the server checks;
 * after PIN_FAILURES_BEFORE_LOCK wrong ones in a row, changes are refused (`pin_locked`)
 * for PIN_LOCK_MINUTES; each wrong one before that (`pin_current_wrong`) says in
 * `data.attempts_left` how many more lock them. Answers `null`.
 */
export const updatePinRequestSchema = v.pipe(
  v.object({
    id: recordIdSchema,
    current_pin: v.optional(
      v.pipe(
        v.string('pin_current_required' satisfies ApiErrorName),
        v.nonEmpty('pin_current_required' satisfies ApiErrorName),
        v.regex(PIN_FORMAT, 'pin_invalid' satisfies ApiErrorName),
      ),
    ),
    pin: newPinSchema,
    confirm_pin: pinSchema,
  }),
  v.forward(
    v.check(({ pin, confirm_pin }) => pin === confirm_pin, 'pin_mismatch' satisfies ApiErrorName),
    ['confirm_pin'],
  ),
);
export type UpdatePinRequest = v.InferInput<typeof updatePinRequestSchema>;
export const PIN_FAILURES_BEFORE_LOCK = 5;
/** `data` of a `pin_current_wrong` refusal: how many wrong ones more lock PIN changes. */
export const pinWrongDataSchema = v.object({
  field: v.literal('current_pin'),
  attempts_left: v.pipe(v.number(), v.integer(), v.minValue(1)),
});
export const PIN_LOCK_MINUTES = 30;

/** What the PIN inputs show while typing (spec §5). */
export type PinEntryState = 'waiting' | 'match' | 'mismatch';
export function pinEntryState(pin: string, confirm: string): PinEntryState {
  if (pin.length < PIN_LENGTH || confirm.length < PIN_LENGTH) return 'waiting';
  return pin === confirm ? 'match' : 'mismatch';
}

/** POST revealMessage `{id}` → the EIP-191 message to sign, valid for a minute, once. */
export const revealMessageDataSchema = v.object({ message: v.string(), expires_at: v.string() });
export type RevealMessageData = v.InferOutput<typeof revealMessageDataSchema>;

/** POST reveal: the signed message proves the wallet is at hand right now. */
export const revealRequestSchema = v.object({
  id: recordIdSchema,
  message: v.pipe(v.string(), v.maxLength(1000)),
  signature: v.pipe(v.string(), v.regex(SIGNATURE_HEX, 'reveal_signature_invalid')),
});
export type RevealRequest = v.InferInput<typeof revealRequestSchema>;
/** The app shows these for 30 s, then hides them again; never stored. */
export const revealDataSchema = v.object({
  number: v.string(),
  expiry: v.string(),
  cvv: v.string(),
});
export type RevealData = v.InferOutput<typeof revealDataSchema>;
export const REVEAL_VISIBLE_MS = 30_000;

/** A card move that needs nothing but the card's id, answering the card as it is now. */
const cardMove = (path: string) =>
  defineEndpoint({
    method: 'POST',
    path,
    input: idRequestSchema,
    output: cardSchema,
    changes: ['cards'],
  });

export const cardPaths = {
  myCardList: `${CARD_API}/myCardList`,
  cardDetail: `${CARD_API}/cardDetail`,
  active: `${CARD_API}/active`,
  updatePin: `${CARD_API}/updatePin`,
  freeze: `${CARD_API}/freeze`,
  unfreeze: `${CARD_API}/unfreeze`,
  report: `${CARD_API}/report`,
  /** The message the wallet signs to reveal a card number (single use, short-lived). */
  revealMessage: `${CARD_API}/revealMessage`,
  reveal: `${CARD_API}/reveal`,
} as const;

/** The cards endpoints, described once (api/endpoint.ts). */
export const cardEndpoints = {
  active: cardMove(cardPaths.active),
  freeze: cardMove(cardPaths.freeze),
  unfreeze: cardMove(cardPaths.unfreeze),
  myCardList: defineEndpoint({
    method: 'POST',
    path: cardPaths.myCardList,
    input: myCardListRequestSchema,
    output: myCardListDataSchema,
    paged: true,
  }),
  cardDetail: defineEndpoint({
    method: 'POST',
    path: cardPaths.cardDetail,
    input: idRequestSchema,
    output: cardSchema,
  }),
  report: defineEndpoint({
    method: 'POST',
    path: cardPaths.report,
    input: reportRequestSchema,
    output: cardSchema,
    changes: ['cards'],
  }),
  updatePin: defineEndpoint({
    method: 'POST',
    path: cardPaths.updatePin,
    input: updatePinRequestSchema,
    output: v.null(),
    userRateLimit: 'money',
    changes: ['cards'],
  }),
  revealMessage: defineEndpoint({
    method: 'POST',
    path: cardPaths.revealMessage,
    input: idRequestSchema,
    output: revealMessageDataSchema,
    userRateLimit: 'money',
  }),
  reveal: defineEndpoint({
    method: 'POST',
    path: cardPaths.reveal,
    input: revealRequestSchema,
    output: revealDataSchema,
    userRateLimit: 'money',
  }),
};
