// The wire envelope every answer travels in (spec §7): `{ code, message, data }`.
// `code` 200 means success; anything else names an entry of errors.ts.
import * as v from 'valibot';

export const SUCCESS_CODE = 200;

/** The message sent with every successful answer, localised like error messages. */
export const successMessage = /*i18n*/ { id: 'response.success', message: 'Success' };

/** The envelope around `dataSchema`, for answers whose shape the caller knows. */
export function apiResponse<TData extends v.GenericSchema>(dataSchema: TData) {
  return v.object({
    code: v.number(),
    message: v.string(),
    data: dataSchema,
  });
}

/**
 * The answer header naming the request: its id in the server's logs, which the app shows
 * beside an error so that support can find the request a user quotes.
 */
export const REQUEST_ID_HEADER = 'x-request-id';

/** Any envelope, before `data` is known (used to read errors). */
export const anyApiResponseSchema = apiResponse(v.unknown());

export type ApiResponse<TData> = { code: number; message: string; data: TData };

/** Lists (spec "Wire conventions"): `page`, `page_size` in; `list`, `total` out. */
export function pagedList<TItem extends v.GenericSchema>(itemSchema: TItem) {
  return v.object({ list: v.array(itemSchema), total: v.number() });
}

/** Longest page a list answers; a larger `page_size` is refused rather than silently cut. */
export const MAX_PAGE_SIZE = 50;
export const DEFAULT_PAGE_SIZE = 20;

/** A page number from a query string: digits only, 1…max. */
function pageNumber(fallback: number, max: number) {
  return v.pipe(
    v.optional(v.string(), String(fallback)),
    v.regex(/^\d{1,9}$/, 'Expected a whole number'),
    v.transform(Number),
    v.minValue(1),
    v.maxValue(max),
  );
}

/** `page` and `page_size` of a list query; spread into the list's own query schema. */
export const pageQueryEntries = {
  page: pageNumber(1, 1_000_000_000),
  page_size: pageNumber(DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
};

export const pageQuerySchema = v.object(pageQueryEntries);
export type PageQuery = v.InferOutput<typeof pageQuerySchema>;
