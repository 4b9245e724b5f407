// Identity photos (contract/api/card/uploads.ts): the upload slot, the PUT of its bytes, and
// reading a stored photo back, by its owner (/api/v1/visa/photo) or by the operator
// (/admin/v1/card/photo).
import type { FastifyInstance } from 'fastify';
import {
  UPLOAD_MAX_BYTES,
  uploadEndpoints,
  type UploadImgData,
  type UploadPutData,
} from '../../contract/api/card/uploads.ts';
import { adminCardEndpoints } from '../admin/contractCard.ts';
import type { CardFileRow } from '../db/schemaCard.ts';
import { DomainError } from '../domainError.ts';
import type { HttpContext } from '../http/httpContext.ts';
import { requireSite } from '../http/origin.ts';
import { defineRoute, type Route } from '../http/route.ts';
import { cardContext } from './cardContext.ts';
import {
  claimUploadSlot,
  findReadableFile,
  openUploadSlot,
  readStoredFile,
  receiveUpload,
  UPLOAD_PUT_PATH,
} from './uploads.ts';

export const uploadRoutes: Route[] = [
  defineRoute({
    endpoint: uploadEndpoints.uploadImg,
    async handler({ context, user, input, request }): Promise<UploadImgData> {
      const site = requireSite(request, context.settings.publicUrl);
      return openUploadSlot(
        cardContext(context),
        user.id,
        { contentType: input.content_type, size: input.size },
        site.origin,
      );
    },
  }),
  defineRoute({
    endpoint: uploadEndpoints.photo,
    bare: true,
    headers: { 'content-type': 'image/jpeg' },
    async handler({ context, user, input }): Promise<Buffer> {
      const card = cardContext(context);
      return readStoredFile(card, await findReadableFile(card.db, input.id, user.id));
    },
  }),
  defineRoute({
    endpoint: adminCardEndpoints.photo,
    bare: true,
    headers: { 'content-type': 'image/jpeg' },
    async handler({ context, input }): Promise<Buffer> {
      const card = cardContext(context);
      return readStoredFile(card, await findReadableFile(card.db, input.id, null));
    },
  }),
];

/** The upload URL's path before its secret token, for redacting it in the request log. */
export const CARD_UPLOAD_LOG_PREFIX = UPLOAD_PUT_PATH.slice(0, UPLOAD_PUT_PATH.indexOf(':token'));

const claimedSlots = new WeakMap<object, CardFileRow>();

/**
 * PUT of an upload slot's bytes. Its own scope, so the raw-body parser (any content type,
 * up to UPLOAD_MAX_BYTES) applies to this path alone; the slot is claimed before the body
 * is read, so a URL takes one PUT whatever happens to it.
 */
export async function registerCardUpload(
  app: FastifyInstance,
  context: HttpContext,
): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: UPLOAD_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    scope.put<{ Params: { token: string } }>(UPLOAD_PUT_PATH, {
      onRequest: async (request) => {
        const length = request.headers['content-length'];
        const slot = await claimUploadSlot(
          context.db,
          request.params.token,
          length === undefined ? null : Number(length),
          context.now(),
        );
        claimedSlots.set(request, slot);
      },
      handler: async (request): Promise<unknown> => {
        const slot = claimedSlots.get(request);
        if (!slot) throw new DomainError('upload_link_invalid');
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const data: UploadPutData = await receiveUpload(cardContext(context), slot, body);
        return context.replies.success(request, data);
      },
    });
  });
}
