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

/** Any envelope, before `data` is known (used to read errors). */
export const anyApiResponseSchema = apiResponse(v.unknown());

export type ApiResponse<TData> = { code: number; message: string; data: TData };

/** Lists (spec "Wire conventions"): `page`, `page_size` in; `list`, `total` out. */
export function pagedList<TItem extends v.GenericSchema>(itemSchema: TItem) {
  return v.object({ list: v.array(itemSchema), total: v.number() });
}
