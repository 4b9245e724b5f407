// Card service contract (spec §2–§5, §7; issue 9), one file per resource beside this one.
// Every call is a POST under /api/v1/visa/ with a JSON body; calls on one object take
// `{ id }` in the body, and another user's id answers exactly like a missing one
// (…_not_found). This file holds what several resources share: the path prefix, the coin,
// `{ id }` bodies, pages and the rules of required text fields.
import * as v from 'valibot';
import { assetDecimals } from '../assets.ts';
import type { ApiErrorName } from '../errors.ts';
import { noControlCharacters } from '../plainText.ts';
import { recordIdSchema } from '../withdraw.ts';

export const CARD_API = '/api/v1/visa';

/** The coin card fees and recharges are paid in. Card balances are kept in it too. */
export const CARD_COIN = 'USDT' as const;
export const CARD_DECIMALS = assetDecimals(CARD_COIN);

/** `{ id }`: the body of every call on one object. */
export const idRequestSchema = v.object({ id: recordIdSchema });
export type IdRequest = v.InferInput<typeof idRequestSchema>;

/** Page of a POST list (numbers in JSON, unlike GET query strings). */
export const MAX_CARD_PAGE_SIZE = 50;
export const pageEntries = {
  page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1_000_000_000)), 1),
  page_size: v.optional(
    v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_CARD_PAGE_SIZE)),
    20,
  ),
};
/** A list request: its page, and what narrows the list (a status, a card type). */
export function pageRequest<TFilters extends v.ObjectEntries>(filters: TFilters) {
  return v.object({ ...pageEntries, ...filters });
}
export const cardPageRequestSchema = pageRequest({});
export type CardPageRequest = v.InferInput<typeof cardPageRequestSchema>;

/**
 * A required text field (names, phone, email, address lines, id number): never with control
 * characters; a missing key counts as empty, so every omission gets the form's own message
 * (e.g. 'please fill in all address info') rather than a generic one.
 */
export function requiredText(missing: ApiErrorName, maxLength: number) {
  return v.pipe(
    v.optional(v.string(missing), ''),
    noControlCharacters(),
    v.trim(),
    v.nonEmpty(missing),
    v.maxLength(maxLength, missing),
  );
}

/** A phone number: digits, spaces, brackets and dashes, optionally after a plus. */
export const PHONE = /^\+?[0-9][0-9 ()-]{4,19}$/;

/** A format rule that leaves an empty field to the 'required' message. */
export function matches(pattern: RegExp, name: ApiErrorName) {
  return v.check((text: string) => text === '' || pattern.test(text), name);
}
