// Card service: holders, the people a card is issued to, with their identity review
// (spec §5). Issue messages of the form schemas are catalogue error names
// (contract/api/errors.ts), so the app runs these very schemas in its forms.
import * as v from 'valibot';
import type { ApiErrorName } from '../errors.ts';
import { pagedList } from '../response.ts';
import { defineEndpoint } from '../endpoint.ts';
import {
  CARD_API,
  idRequestSchema,
  type IdRequest,
  matches,
  pageRequest,
  PHONE,
  requiredText,
} from './shared.ts';
import { fileReferenceSchema } from './uploads.ts';

/** English letters or pinyin (ASCII letters, no tone marks) and ordinary name punctuation. */
export const LATIN_NAME = /^[A-Za-z][A-Za-z .'-]*$/;
/** A billing address line in English or pinyin: ASCII letters, digits and punctuation. */
export const LATIN_ADDRESS = /^[A-Za-z0-9][A-Za-z0-9 .,'#/()&-]*$/;
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const ID_NUMBER = /^[A-Za-z0-9-]{4,32}$/;
export const DATE = /^\d{4}-\d{2}-\d{2}$/;

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

export const holderListRequestSchema = pageRequest({
  status: v.optional(v.picklist(HOLDER_STATUSES)),
});
export type HolderListRequest = v.InferInput<typeof holderListRequestSchema>;
export const holderListDataSchema = pagedList(holderSummarySchema);
export type HolderListData = v.InferOutput<typeof holderListDataSchema>;

export const holderPaths = {
  addHolder: `${CARD_API}/addKyc`,
  editHolder: `${CARD_API}/editKyc`,
  holderDetail: `${CARD_API}/kycDetail`,
  holderList: `${CARD_API}/kycList`,
  deleteHolder: `${CARD_API}/deleteKyc`,
} as const;

/** The holders endpoints, described once (api/endpoint.ts). */
export const holderEndpoints = {
  // The holder form is checked by the handler against today's date (holderFormSchema(now)).
  addHolder: defineEndpoint({
    method: 'POST',
    path: holderPaths.addHolder,
    input: v.unknown(),
    output: holderSchema,
    changes: ['cards'],
  }),
  editHolder: defineEndpoint({
    method: 'POST',
    path: holderPaths.editHolder,
    input: v.unknown(),
    output: holderSchema,
    changes: ['cards'],
  }),
  holderDetail: defineEndpoint({
    method: 'POST',
    path: holderPaths.holderDetail,
    input: idRequestSchema,
    output: holderSchema,
  }),
  holderList: defineEndpoint({
    method: 'POST',
    path: holderPaths.holderList,
    input: holderListRequestSchema,
    output: holderListDataSchema,
    paged: true,
  }),
  deleteHolder: defineEndpoint({
    method: 'POST',
    path: holderPaths.deleteHolder,
    input: idRequestSchema,
    output: v.null(),
    changes: ['cards'],
  }),
};
