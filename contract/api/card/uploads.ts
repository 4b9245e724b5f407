// Card service: identity photos. Ask uploadImg for a slot, PUT the bytes there, then name
// the photo in a holder; `photo` answers one of the user's own photos as the image itself.
import * as v from 'valibot';
import type { ApiErrorName } from '../errors.ts';
import { defineEndpoint } from '../endpoint.ts';
import { CARD_API } from './shared.ts';

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

/** A stored photo, answered as the image itself (image/jpeg), not inside the JSON envelope. */
export const imageBytesSchema = v.custom<Uint8Array<ArrayBufferLike>>(
  (value) => value instanceof Uint8Array,
);

export const uploadPaths = {
  uploadImg: `${CARD_API}/uploadImg`,
  /** `{id: file}` → the stored photo itself (image/jpeg, not JSON), for its owner only. */
  photo: `${CARD_API}/photo`,
} as const;

/** The uploads endpoints, described once (api/endpoint.ts). */
export const uploadEndpoints = {
  photo: defineEndpoint({
    method: 'POST',
    path: uploadPaths.photo,
    input: photoRequestSchema,
    output: imageBytesSchema,
  }),
  uploadImg: defineEndpoint({
    method: 'POST',
    path: uploadPaths.uploadImg,
    input: uploadImgRequestSchema,
    output: uploadImgDataSchema,
    userRateLimit: 'money',
  }),
};
