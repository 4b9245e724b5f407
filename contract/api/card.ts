// Card service contract (spec §2–§5, §7; issue 9): holders (identity review with photos),
// delivery addresses, virtual and physical card applications, cards, recharge, activation,
// PIN and card controls. Every call is a POST under /api/v1/visa/ with a JSON body; calls
// on one object take `{ id }` in the body, and another user's id answers exactly like a
// missing one (…_not_found). Money calls (openVirtualCard, openRealCard, reapply,
// recharge) need an Idempotency-Key header.
//
// CSV export of a card's records: the app builds the file from consumeList and
// rechargeList (every page); there is no separate export call.
//
// Issue messages of the form schemas are catalogue error names (contract/api/errors.ts), so the
// app runs these very schemas in its forms and shows what the server would answer.
import * as v from 'valibot';
import { amountStringSchema, assetDecimals } from './assets.ts';
import type { ApiErrorName } from './errors.ts';
import { amountSchema } from './money.ts';
import { noControlCharacters } from './plainText.ts';
import { pagedList } from './response.ts';
import { recordIdSchema } from './withdraw.ts';
import { SIGNATURE_HEX } from '../wallet/addressShape.ts';
import { isDeliveryCountry, needsPostcode, postcodeFits } from './postcodes.ts';
import { defineEndpoint } from './endpoint.ts';

const CARD_API = '/api/v1/visa';

export const cardPaths = {
  /** Fees, regions, recharge rules and agreements of the card service. */
  info: `${CARD_API}/info`,
  /** The card products (BINs) a user can apply for, per region. */
  getVirtualCardBin: `${CARD_API}/getVirtualCardBin`,
  // Photos of identity documents: ask for an upload slot, then PUT the bytes to `url`.
  uploadImg: `${CARD_API}/uploadImg`,
  /** `{id: file}` → the stored photo itself (image/jpeg, not JSON), for its owner only. */
  photo: `${CARD_API}/photo`,
  // Holders (identity review).
  addHolder: `${CARD_API}/addKyc`,
  editHolder: `${CARD_API}/editKyc`,
  holderDetail: `${CARD_API}/kycDetail`,
  holderList: `${CARD_API}/kycList`,
  deleteHolder: `${CARD_API}/deleteKyc`,
  // Delivery addresses.
  addAddress: `${CARD_API}/addAddress`,
  editAddress: `${CARD_API}/editAddress`,
  addressDetail: `${CARD_API}/addressDetail`,
  addressList: `${CARD_API}/addressList`,
  deleteAddress: `${CARD_API}/deleteAddress`,
  // Applications (money: Idempotency-Key).
  openVirtualCard: `${CARD_API}/openVirtualCard`,
  openRealCard: `${CARD_API}/openRealCard`,
  reapply: `${CARD_API}/replaceApply`,
  applicationList: `${CARD_API}/applyCardList`,
  // Cards.
  myCardList: `${CARD_API}/myCardList`,
  cardDetail: `${CARD_API}/cardDetail`,
  consumeList: `${CARD_API}/consumeList`,
  rechargeList: `${CARD_API}/rechargeList`,
  /** Money: Idempotency-Key. */
  recharge: `${CARD_API}/recharge`,
  active: `${CARD_API}/active`,
  updatePin: `${CARD_API}/updatePin`,
  freeze: `${CARD_API}/freeze`,
  unfreeze: `${CARD_API}/unfreeze`,
  report: `${CARD_API}/report`,
  /** The message the wallet signs to reveal a card number (single use, short-lived). */
  revealMessage: `${CARD_API}/revealMessage`,
  reveal: `${CARD_API}/reveal`,
} as const;

/** The coin card fees and recharges are paid in. Card balances are kept in it too. */
export const CARD_COIN = 'USDT' as const;
const CARD_DECIMALS = assetDecimals(CARD_COIN);

// ---------------------------------------------------------------------------------------
// Shared pieces

/** `{ id }`: the body of every call on one object. */
export const idRequestSchema = v.object({ id: recordIdSchema });
export type IdRequest = v.InferInput<typeof idRequestSchema>;

/** Page of a POST list (numbers in JSON, unlike GET query strings). */
export const MAX_CARD_PAGE_SIZE = 50;
const pageEntries = {
  page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1_000_000_000)), 1),
  page_size: v.optional(
    v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_CARD_PAGE_SIZE)),
    20,
  ),
};
export const cardPageRequestSchema = v.object(pageEntries);
export type CardPageRequest = v.InferInput<typeof cardPageRequestSchema>;

/**
 * A required text field (names, phone, email, address lines, id number): never with control
 * characters; a missing key counts as empty, so every omission gets the form's own message
 * (e.g. 'please fill in all address info') rather than a generic one.
 */
function requiredText(missing: ApiErrorName, maxLength: number) {
  return v.pipe(
    v.optional(v.string(missing), ''),
    noControlCharacters(),
    v.trim(),
    v.nonEmpty(missing),
    v.maxLength(maxLength, missing),
  );
}

/** English letters or pinyin (ASCII letters, no tone marks) and ordinary name punctuation. */
export const LATIN_NAME = /^[A-Za-z][A-Za-z .'-]*$/;
/** A billing address line in English or pinyin: ASCII letters, digits and punctuation. */
export const LATIN_ADDRESS = /^[A-Za-z0-9][A-Za-z0-9 .,'#/()&-]*$/;
export const PHONE = /^\+?[0-9][0-9 ()-]{4,19}$/;
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const ID_NUMBER = /^[A-Za-z0-9-]{4,32}$/;
export const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A format rule that leaves an empty field to the 'required' message. */
function matches(pattern: RegExp, name: ApiErrorName) {
  return v.check((text: string) => text === '' || pattern.test(text), name);
}

function latinName() {
  return v.pipe(
    requiredText('holder_fields_required', 50),
    matches(LATIN_NAME, 'latin_text_required'),
  );
}

function latinAddress(maxLength: number) {
  return v.pipe(
    requiredText('holder_fields_required', maxLength),
    matches(LATIN_ADDRESS, 'latin_text_required'),
  );
}

/** A real calendar date written YYYY-MM-DD. */
export function isCalendarDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

function dateField() {
  return v.pipe(
    requiredText('holder_fields_required', 10),
    v.check(
      (text: string) => text === '' || isCalendarDate(text),
      'invalid_date' satisfies ApiErrorName,
    ),
  );
}

/** Today (UTC) as YYYY-MM-DD. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------------------
// Uploads

/** The only photo types accepted; the server checks the bytes, not the name or header. */
export const UPLOAD_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type UploadContentType = (typeof UPLOAD_CONTENT_TYPES)[number];
/** Largest photo accepted (bytes); the app downsizes well below this before uploading. */
export const UPLOAD_MAX_BYTES = 8 * 1024 * 1024;
/** Largest photo accepted (width × height), checked from the header before decoding. */
export const UPLOAD_MAX_PIXELS = 40_000_000;

/** A photo reference: what uploadImg answers in `file`, and what holders list in `photos`. */
export const fileReferenceSchema = v.pipe(
  v.string('photo_not_found' satisfies ApiErrorName),
  v.regex(/^[A-Za-z0-9_-]{16,64}$/, 'photo_not_found' satisfies ApiErrorName),
);

/** POST uploadImg: announce the photo; the server answers where to PUT it. */
export const uploadImgRequestSchema = v.object({
  content_type: v.picklist(UPLOAD_CONTENT_TYPES, 'upload_type_not_allowed' satisfies ApiErrorName),
  size: v.pipe(
    v.number('upload_too_large' satisfies ApiErrorName),
    v.integer('upload_too_large' satisfies ApiErrorName),
    v.minValue(1, 'upload_type_not_allowed' satisfies ApiErrorName),
    v.maxValue(UPLOAD_MAX_BYTES, 'upload_too_large' satisfies ApiErrorName),
  ),
});
export type UploadImgRequest = v.InferInput<typeof uploadImgRequestSchema>;

/**
 * `url`: absolute, signed, valid until `expires_at`, accepts ONE `PUT` of the bytes (any
 * Content-Type; the body is the file). The PUT answers `{code, message, data: {file}}`.
 * `file`: the reference to put in a holder's `photos` once the PUT succeeded; it can be
 * used once, by the user who asked for it.
 */
export const uploadImgDataSchema = v.object({
  url: v.string(),
  file: v.string(),
  expires_at: v.string(),
  max_bytes: v.number(),
});
export type UploadImgData = v.InferOutput<typeof uploadImgDataSchema>;

/** POST photo: one of the user's own photos (stored or attached to a holder). */
export const photoRequestSchema = v.object({ id: fileReferenceSchema });
export type PhotoRequest = v.InferInput<typeof photoRequestSchema>;

export const uploadPutDataSchema = v.object({ file: v.string() });
export type UploadPutData = v.InferOutput<typeof uploadPutDataSchema>;

// ---------------------------------------------------------------------------------------
// Holders (and their identity review)

export const ID_TYPES = ['id_card', 'passport'] as const;
export type IdType = (typeof ID_TYPES)[number];
export const idTypeSchema = v.pipe(
  v.optional(v.string('holder_fields_required' satisfies ApiErrorName), ''),
  v.check(
    (text): text is IdType => (ID_TYPES as readonly string[]).includes(text),
    'holder_fields_required' satisfies ApiErrorName,
  ),
  v.transform((text) => text as IdType),
);
/** Photos each id type needs: front and back of an id card, the photo page of a passport. */
export const ID_PHOTO_COUNT = { id_card: 2, passport: 1 } as const satisfies Record<IdType, number>;

const holderFieldEntries = {
  first_name: latinName(),
  last_name: latinName(),
  phone: v.pipe(requiredText('holder_fields_required', 24), matches(PHONE, 'invalid_phone')),
  email: v.pipe(requiredText('holder_fields_required', 254), matches(EMAIL, 'invalid_email')),
  province: latinAddress(64),
  city: latinAddress(64),
  district: latinAddress(64),
  address: latinAddress(200),
  id_type: idTypeSchema,
  id_number: v.pipe(
    requiredText('holder_fields_required', 32),
    matches(ID_NUMBER, 'id_number_invalid'),
  ),
  issue_date: dateField(),
  expiry_date: dateField(),
  photos: v.optional(v.array(fileReferenceSchema, 'holder_fields_required'), []),
};

/**
 * The holder form (addHolder; editHolder adds `id`). All fields required; names and billing
 * address in English or pinyin; dates real, issued by today, expiring after the issue date
 * and not before today; the photos the id type needs. `now` is the clock to judge dates by.
 */
export function holderFormSchema(now: () => Date = () => new Date()) {
  return v.pipe(v.object(holderFieldEntries), ...holderChecks<HolderFields>(now));
}

type HolderFields = v.InferOutput<v.ObjectSchema<typeof holderFieldEntries, undefined>>;

/** The rules between fields, for the add form and the edit form (which also has `id`). */
function holderChecks<TFields extends HolderFields>(now: () => Date) {
  // `as never`: valibot cannot check a path against a type parameter; the keys exist on
  // HolderFields, which TFields extends.
  return [
    v.forward(
      v.check<TFields, ApiErrorName>(
        ({ issue_date }) => issue_date <= utcDay(now()),
        'invalid_date',
      ),
      ['issue_date'] as never,
    ),
    v.forward(
      v.check<TFields, ApiErrorName>(
        ({ issue_date, expiry_date }) => expiry_date > issue_date,
        'id_expiry_before_issue',
      ),
      ['expiry_date'] as never,
    ),
    v.forward(
      v.check<TFields, ApiErrorName>(
        ({ expiry_date }) => expiry_date >= utcDay(now()),
        'id_expired',
      ),
      ['expiry_date'] as never,
    ),
    v.forward(
      v.check<TFields, (issue: v.CheckIssue<TFields>) => ApiErrorName>(
        ({ id_type, photos }) =>
          photos.length === ID_PHOTO_COUNT[id_type] && new Set(photos).size === photos.length,
        (issue) =>
          issue.input.id_type === 'passport'
            ? 'passport_photo_required'
            : 'id_card_photos_required',
      ),
      ['photos'] as never,
    ),
  ] as const;
}
export const addHolderRequestSchema = holderFormSchema();
export type HolderForm = v.InferInput<ReturnType<typeof holderFormSchema>>;

export function editHolderRequestSchema(now: () => Date = () => new Date()) {
  return v.pipe(
    v.object({ ...idRequestSchema.entries, ...holderFieldEntries }),
    ...holderChecks<HolderFields & IdRequest>(now),
  );
}
export type EditHolderRequest = HolderForm & IdRequest;

/**
 * - pending: waiting for review (again, after an edit);
 * - approved: may hold cards; can no longer be edited;
 * - rejected: `reject_reason` says why; edit and it is reviewed again;
 * - unknown: the app's fallback for a status it does not know.
 */
export const HOLDER_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const holderStatusSchema = v.fallback(
  v.picklist([...HOLDER_STATUSES, 'unknown']),
  'unknown',
);
export type HolderStatus = v.InferOutput<typeof holderStatusSchema>;

/** A holder as lists show it: the id number masked, photos not listed. */
export const holderSummarySchema = v.object({
  id: v.string(),
  first_name: v.string(),
  last_name: v.string(),
  id_type: v.picklist(ID_TYPES),
  /** Masked: all but the last four characters are '*'. */
  id_number: v.string(),
  status: holderStatusSchema,
  reject_reason: v.nullable(v.string()),
  created_at: v.string(),
  updated_at: v.string(),
});
export type HolderSummary = v.InferOutput<typeof holderSummarySchema>;

/** holderDetail (the owner only): every field, the full id number, the photo references. */
export const holderSchema = v.object({
  ...holderSummarySchema.entries,
  phone: v.string(),
  email: v.string(),
  province: v.string(),
  city: v.string(),
  district: v.string(),
  address: v.string(),
  issue_date: v.string(),
  expiry_date: v.string(),
  /** References; an edit may send them back unchanged to keep the photos. */
  photos: v.array(v.string()),
});
export type Holder = v.InferOutput<typeof holderSchema>;

export const holderListRequestSchema = v.object({
  ...pageEntries,
  status: v.optional(v.picklist(HOLDER_STATUSES)),
});
export type HolderListRequest = v.InferInput<typeof holderListRequestSchema>;
export const holderListDataSchema = pagedList(holderSummarySchema);
export type HolderListData = v.InferOutput<typeof holderListDataSchema>;

// ---------------------------------------------------------------------------------------
// Delivery addresses

const addressText = (maxLength: number) => requiredText('address_fields_required', maxLength);

const addressFieldEntries = {
  name: addressText(64),
  phone: v.pipe(addressText(24), matches(PHONE, 'invalid_phone')),
  /** Where the card is delivered (api/postcodes.ts). */
  // A missing key counts as empty, so it gets this message rather than a generic one.
  country: v.pipe(
    v.optional(v.string('country_not_supported' satisfies ApiErrorName), ''),
    v.check(isDeliveryCountry, 'country_not_supported' satisfies ApiErrorName),
  ),
  province: addressText(64),
  city: addressText(64),
  district: addressText(64),
  address: addressText(200),
  /** Required, in the country's format, where the country has postcodes; empty where not. */
  zip: v.pipe(
    v.optional(v.string('address_fields_required' satisfies ApiErrorName), ''),
    noControlCharacters(),
    v.trim(),
    v.maxLength(16, 'invalid_postcode' satisfies ApiErrorName),
  ),
};
type AddressFields = { country: string; zip: string };

/** The postcode is judged with the country it belongs to. */
function addressChecks<T extends AddressFields>() {
  return [
    v.forward(
      v.check<T, ApiErrorName>(
        ({ country, zip }) => zip !== '' || !needsPostcode(country),
        'address_fields_required',
      ),
      ['zip'] as never,
    ),
    v.forward(
      v.check<T, ApiErrorName>(
        ({ country, zip }) => zip === '' || postcodeFits(country, zip),
        'invalid_postcode',
      ),
      ['zip'] as never,
    ),
  ] as const;
}

/** Address form (addAddress; editAddress adds `id`): every field required (spec §5). */
const addressObject = v.object(addressFieldEntries);
export const addressFormSchema = v.pipe(
  addressObject,
  ...addressChecks<v.InferOutput<typeof addressObject>>(),
);
export const addAddressRequestSchema = addressFormSchema;
export type AddressForm = v.InferInput<typeof addressFormSchema>;
const editAddressObject = v.object({ ...idRequestSchema.entries, ...addressFieldEntries });
export const editAddressRequestSchema = v.pipe(
  editAddressObject,
  ...addressChecks<v.InferOutput<typeof editAddressObject>>(),
);
export type EditAddressRequest = v.InferInput<typeof editAddressRequestSchema>;

export const deliveryAddressSchema = v.object({
  id: v.string(),
  name: v.string(),
  phone: v.string(),
  /** Null for an address saved before countries were asked for. */
  country: v.optional(v.nullable(v.string()), null),
  province: v.string(),
  city: v.string(),
  district: v.string(),
  address: v.string(),
  zip: v.string(),
  created_at: v.string(),
  updated_at: v.string(),
});
export type DeliveryAddress = v.InferOutput<typeof deliveryAddressSchema>;

export const addressListRequestSchema = cardPageRequestSchema;
export const addressListDataSchema = pagedList(deliveryAddressSchema);
export type AddressListData = v.InferOutput<typeof addressListDataSchema>;

// ---------------------------------------------------------------------------------------
// Service info and card products

export const CARD_TYPES = ['virtual', 'physical'] as const;
export const cardTypeSchema = v.picklist(CARD_TYPES);
export type CardType = (typeof CARD_TYPES)[number];

/** A region code (ISO 3166-1 alpha-2); the server answers which ones it serves in `info`. */
export const regionSchema = v.pipe(
  v.string('region_not_supported' satisfies ApiErrorName),
  v.regex(/^[A-Z]{2}$/, 'region_not_supported' satisfies ApiErrorName),
);

/** Which agreement, in which version: what an application records as accepted. */
export const acceptedAgreementSchema = v.object({
  id: v.pipe(v.string(), v.maxLength(64)),
  version: v.pipe(v.string(), v.maxLength(32)),
});
export type AcceptedAgreement = v.InferOutput<typeof acceptedAgreementSchema>;

/**
 * An agreement a user reads and accepts before applying, in the user's language (the LANG
 * header): its title, and its text in paragraphs separated by a blank line.
 */
export const agreementSchema = v.object({
  ...acceptedAgreementSchema.entries,
  title: v.string(),
  text: v.string(),
});
export type Agreement = v.InferOutput<typeof agreementSchema>;

export const cardInfoDataSchema = v.object({
  coin: v.literal(CARD_COIN),
  regions: v.array(v.string()),
  /** Application fees, paid from the balance when applying (and again on reapplying). */
  fees: v.object({ virtual: amountStringSchema, physical: amountStringSchema }),
  recharge: v.object({
    /** Fee = max(fee_minimum, amount × fee_rate_bps / 10000, rounded up to the unit). */
    fee_rate_bps: v.number(),
    fee_minimum: amountStringSchema,
    minimum: amountStringSchema,
    quick_amounts: v.array(amountStringSchema),
  }),
  agreements: v.array(agreementSchema),
});
export type CardInfoData = v.InferOutput<typeof cardInfoDataSchema>;

/** The recharge fee in units for an amount in units (the server charges exactly this). */
export function rechargeFeeUnits(
  amountUnits: bigint,
  rule: { feeRateBps: number; feeMinimumUnits: bigint },
): bigint {
  const proportional = (amountUnits * BigInt(rule.feeRateBps) + 9_999n) / 10_000n;
  return proportional > rule.feeMinimumUnits ? proportional : rule.feeMinimumUnits;
}

export const getVirtualCardBinRequestSchema = v.object({
  type: v.optional(cardTypeSchema),
  region: v.optional(regionSchema),
});
export const cardBinSchema = v.object({
  bin: v.string(),
  type: cardTypeSchema,
  region: v.string(),
  network: v.string(),
  currency: v.string(),
});
export type CardBin = v.InferOutput<typeof cardBinSchema>;
export const getVirtualCardBinDataSchema = v.object({ list: v.array(cardBinSchema) });
export type GetVirtualCardBinData = v.InferOutput<typeof getVirtualCardBinDataSchema>;

// ---------------------------------------------------------------------------------------
// Applications

/** Accepting the agreements is required (spec §5, 'please agree'). */
export const agreeSchema = v.pipe(
  v.optional(v.boolean('agreement_required' satisfies ApiErrorName), false),
  v.literal(true, 'agreement_required' satisfies ApiErrorName),
);

/**
 * The agreements the user read and accepted (ids and versions from `info`). When given, they
 * must be exactly the current ones, or the application is refused with `agreements_changed`
 * (the app then shows the new wording); when left out, the current ones are recorded.
 */
export const acceptedAgreementsSchema = v.optional(
  v.pipe(v.array(acceptedAgreementSchema), v.maxLength(20)),
);

const holderIdSchema = v.pipe(
  v.string('holder_not_found' satisfies ApiErrorName),
  v.regex(/^[1-9]\d{0,17}$/, 'holder_not_found' satisfies ApiErrorName),
);
const addressIdSchema = v.pipe(
  v.string('address_not_found' satisfies ApiErrorName),
  v.regex(/^[1-9]\d{0,17}$/, 'address_not_found' satisfies ApiErrorName),
);

/** POST openVirtualCard (Idempotency-Key): the fee of `info` is paid from the balance. */
export const openVirtualCardRequestSchema = v.object({
  region: regionSchema,
  holder_id: holderIdSchema,
  /** A BIN of getVirtualCardBin; the region's first when left out. */
  bin: v.optional(v.pipe(v.string(), v.regex(/^\d{6,8}$/))),
  agree: agreeSchema,
  agreements: acceptedAgreementsSchema,
});
export type OpenVirtualCardRequest = v.InferInput<typeof openVirtualCardRequestSchema>;

/** POST openRealCard (Idempotency-Key): a physical card, delivered to `address_id`. */
export const openRealCardRequestSchema = v.object({
  region: regionSchema,
  holder_id: holderIdSchema,
  address_id: addressIdSchema,
  agree: agreeSchema,
  agreements: acceptedAgreementsSchema,
});
export type OpenRealCardRequest = v.InferInput<typeof openRealCardRequestSchema>;

/**
 * reapply, POST replaceApply (Idempotency-Key): apply again after a rejected application, or
 * for a replacement of a card reported lost or stolen. `id` is the earlier application; the
 * type and region stay; holder and (physical) address may be changed. The fee is paid again.
 */
export const reapplyRequestSchema = v.object({
  id: recordIdSchema,
  holder_id: v.optional(holderIdSchema),
  address_id: v.optional(addressIdSchema),
  agree: agreeSchema,
  agreements: acceptedAgreementsSchema,
});
export type ReapplyRequest = v.InferInput<typeof reapplyRequestSchema>;

/** processing: waiting for the issuer; success: issued (`card_id`); failed: rejected. */
export const APPLICATION_STATUSES = ['processing', 'success', 'failed'] as const;
export const applicationStatusSchema = v.fallback(
  v.picklist([...APPLICATION_STATUSES, 'unknown']),
  'unknown',
);
export type ApplicationStatus = v.InferOutput<typeof applicationStatusSchema>;

export const cardApplicationSchema = v.object({
  id: v.string(),
  order_no: v.string(),
  type: cardTypeSchema,
  region: v.string(),
  holder_id: v.string(),
  /** Holder's name as applied, e.g. 'ZHANG SAN'. */
  holder_name: v.string(),
  address_id: v.nullable(v.string()),
  fee: amountStringSchema,
  coin: v.literal(CARD_COIN),
  status: applicationStatusSchema,
  reject_reason: v.nullable(v.string()),
  card_id: v.nullable(v.string()),
  /** The application this one reapplies for, if any. */
  reapply_of: v.nullable(v.string()),
  /** May be reapplied for: failed, or its card was reported lost or stolen (and not yet reapplied). */
  can_reapply: v.boolean(),
  /** The agreements accepted with it; empty for applications made before they were recorded. */
  agreements: v.array(acceptedAgreementSchema),
  created_at: v.string(),
  finished_at: v.nullable(v.string()),
});
export type CardApplication = v.InferOutput<typeof cardApplicationSchema>;

export const applicationListRequestSchema = v.object({
  ...pageEntries,
  status: v.optional(v.picklist(APPLICATION_STATUSES)),
});
export type ApplicationListRequest = v.InferInput<typeof applicationListRequestSchema>;
export const applicationListDataSchema = pagedList(cardApplicationSchema);
export type ApplicationListData = v.InferOutput<typeof applicationListDataSchema>;

// ---------------------------------------------------------------------------------------
// Cards

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

export const myCardListRequestSchema = v.object({
  ...pageEntries,
  type: v.optional(cardTypeSchema),
});
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

/** POST recharge (Idempotency-Key): `amount` goes onto the card; the fee is on top. */
export const rechargeRequestSchema = v.object({
  id: recordIdSchema,
  amount: v.pipe(v.optional(v.string(), ''), amountSchema(CARD_DECIMALS)),
});
export type RechargeRequest = v.InferInput<typeof rechargeRequestSchema>;

/** pending: paid, waiting; processing: with the issuer; success: on the card; failed: refunded. */
export const RECHARGE_STATUSES = ['pending', 'processing', 'success', 'failed'] as const;
export const rechargeStatusSchema = v.fallback(
  v.picklist([...RECHARGE_STATUSES, 'unknown']),
  'unknown',
);
export type RechargeStatus = v.InferOutput<typeof rechargeStatusSchema>;

export const rechargeRecordSchema = v.object({
  id: v.string(),
  card_id: v.string(),
  amount: amountStringSchema,
  fee: amountStringSchema,
  /** amount + fee: what left the balance. */
  total: amountStringSchema,
  coin: v.literal(CARD_COIN),
  status: rechargeStatusSchema,
  failure_reason: v.nullable(v.string()),
  created_at: v.string(),
  finished_at: v.nullable(v.string()),
});
export type RechargeRecord = v.InferOutput<typeof rechargeRecordSchema>;

/** Card spending at a merchant. */
export const consumeRecordSchema = v.object({
  id: v.string(),
  card_id: v.string(),
  amount: amountStringSchema,
  coin: v.literal(CARD_COIN),
  merchant: v.string(),
  status: v.literal('success'),
  created_at: v.string(),
});
export type ConsumeRecord = v.InferOutput<typeof consumeRecordSchema>;

export const cardRecordListRequestSchema = v.object({ id: recordIdSchema, ...pageEntries });
export type CardRecordListRequest = v.InferInput<typeof cardRecordListRequestSchema>;
export const rechargeListRequestSchema = v.object({
  id: recordIdSchema,
  ...pageEntries,
  status: v.optional(v.picklist(RECHARGE_STATUSES)),
});
export type RechargeListRequest = v.InferInput<typeof rechargeListRequestSchema>;
export const consumeListRequestSchema = cardRecordListRequestSchema;
export const rechargeListDataSchema = pagedList(rechargeRecordSchema);
export type RechargeListData = v.InferOutput<typeof rechargeListDataSchema>;
export const consumeListDataSchema = pagedList(consumeRecordSchema);
export type ConsumeListData = v.InferOutput<typeof consumeListDataSchema>;

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

/** Every endpoint of this area, described once (api/endpoint.ts). */
/** A stored photo, answered as the image itself (image/jpeg), not inside the JSON envelope. */
export const imageBytesSchema = v.custom<Uint8Array<ArrayBufferLike>>(
  (value) => value instanceof Uint8Array,
);

/** A card move that needs nothing but the card's id, answering the card as it is now. */
const cardMove = (path: string) =>
  defineEndpoint({
    method: 'POST',
    path,
    input: idRequestSchema,
    output: cardSchema,
    changes: ['cards'],
  });

export const cardEndpoints = {
  info: defineEndpoint({ method: 'POST', path: cardPaths.info, output: cardInfoDataSchema }),
  photo: defineEndpoint({
    method: 'POST',
    path: cardPaths.photo,
    input: photoRequestSchema,
    output: imageBytesSchema,
  }),
  active: cardMove(cardPaths.active),
  freeze: cardMove(cardPaths.freeze),
  unfreeze: cardMove(cardPaths.unfreeze),
  uploadImg: defineEndpoint({
    method: 'POST',
    path: cardPaths.uploadImg,
    input: uploadImgRequestSchema,
    output: uploadImgDataSchema,
    userRateLimit: 'money',
  }),
  // The holder form is checked by the handler against today's date (holderFormSchema(now)).
  addHolder: defineEndpoint({
    method: 'POST',
    path: cardPaths.addHolder,
    input: v.unknown(),
    output: holderSchema,
    changes: ['cards'],
  }),
  editHolder: defineEndpoint({
    method: 'POST',
    path: cardPaths.editHolder,
    input: v.unknown(),
    output: holderSchema,
    changes: ['cards'],
  }),
  holderDetail: defineEndpoint({
    method: 'POST',
    path: cardPaths.holderDetail,
    input: idRequestSchema,
    output: holderSchema,
  }),
  holderList: defineEndpoint({
    method: 'POST',
    path: cardPaths.holderList,
    input: holderListRequestSchema,
    output: holderListDataSchema,
    paged: true,
  }),
  deleteHolder: defineEndpoint({
    method: 'POST',
    path: cardPaths.deleteHolder,
    input: idRequestSchema,
    output: v.null(),
    changes: ['cards'],
  }),
  addAddress: defineEndpoint({
    method: 'POST',
    path: cardPaths.addAddress,
    input: addAddressRequestSchema,
    output: deliveryAddressSchema,
    changes: ['cards'],
  }),
  editAddress: defineEndpoint({
    method: 'POST',
    path: cardPaths.editAddress,
    input: editAddressRequestSchema,
    output: deliveryAddressSchema,
    changes: ['cards'],
  }),
  addressDetail: defineEndpoint({
    method: 'POST',
    path: cardPaths.addressDetail,
    input: idRequestSchema,
    output: deliveryAddressSchema,
  }),
  addressList: defineEndpoint({
    method: 'POST',
    path: cardPaths.addressList,
    input: addressListRequestSchema,
    output: addressListDataSchema,
    paged: true,
  }),
  deleteAddress: defineEndpoint({
    method: 'POST',
    path: cardPaths.deleteAddress,
    input: idRequestSchema,
    output: v.null(),
    changes: ['cards'],
  }),
  getVirtualCardBin: defineEndpoint({
    method: 'POST',
    path: cardPaths.getVirtualCardBin,
    input: getVirtualCardBinRequestSchema,
    output: getVirtualCardBinDataSchema,
  }),
  openVirtualCard: defineEndpoint({
    method: 'POST',
    path: cardPaths.openVirtualCard,
    input: openVirtualCardRequestSchema,
    output: cardApplicationSchema,
    idempotent: true,
    userRateLimit: 'money',
    changes: ['cards', 'balances', 'moneyLog'],
  }),
  openRealCard: defineEndpoint({
    method: 'POST',
    path: cardPaths.openRealCard,
    input: openRealCardRequestSchema,
    output: cardApplicationSchema,
    idempotent: true,
    userRateLimit: 'money',
    changes: ['cards', 'balances', 'moneyLog'],
  }),
  reapply: defineEndpoint({
    method: 'POST',
    path: cardPaths.reapply,
    input: reapplyRequestSchema,
    output: cardApplicationSchema,
    idempotent: true,
    userRateLimit: 'money',
    changes: ['cards', 'balances', 'moneyLog'],
  }),
  applicationList: defineEndpoint({
    method: 'POST',
    path: cardPaths.applicationList,
    input: applicationListRequestSchema,
    output: applicationListDataSchema,
    paged: true,
  }),
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
  recharge: defineEndpoint({
    method: 'POST',
    path: cardPaths.recharge,
    input: rechargeRequestSchema,
    output: rechargeRecordSchema,
    idempotent: true,
    userRateLimit: 'money',
    changes: ['cards', 'balances', 'moneyLog'],
  }),
  rechargeList: defineEndpoint({
    method: 'POST',
    path: cardPaths.rechargeList,
    input: rechargeListRequestSchema,
    output: rechargeListDataSchema,
    paged: true,
  }),
  consumeList: defineEndpoint({
    method: 'POST',
    path: cardPaths.consumeList,
    input: cardRecordListRequestSchema,
    output: consumeListDataSchema,
    paged: true,
  }),
};
