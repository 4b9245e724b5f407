// /api/v1/visa/*: the card service (src/api/visa.ts). Every id in a request is looked up
// together with the session's user, so another user's object answers exactly like a
// missing one. Domain rules live in server/card/.
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import {
  addAddressRequestSchema,
  addressListRequestSchema,
  editAddressRequestSchema,
  editKycRequestSchema,
  holderFormSchema,
  idRequestSchema,
  kycListRequestSchema,
  photoRequestSchema,
  UPLOAD_MAX_BYTES,
  uploadImgRequestSchema,
  visaPaths,
  type AddressListData,
  type DeliveryAddress,
  type Holder,
  type KycListData,
  type UploadImgData,
  type UploadPutData,
  type VisaInfoData,
} from '../../src/api/visa.ts';
import {
  addAddress,
  addressWire,
  deleteAddress,
  editAddress,
  findOwnAddress,
  listAddresses,
} from '../card/addresses.ts';
import { cardContext } from '../card/cardContext.ts';
import {
  addHolder,
  deleteHolder,
  editHolder,
  findOwnHolder,
  holderSummaryWire,
  holderWire,
  listHolders,
} from '../card/holders.ts';
import { visaInfo } from '../card/info.ts';
import {
  claimUploadSlot,
  findReadableFile,
  openUploadSlot,
  readStoredFile,
  receiveUpload,
  UPLOAD_PUT_PATH,
} from '../card/uploads.ts';
import type { ServerContext } from '../context.ts';
import { DomainError } from '../domainError.ts';
import { parseInput } from '../http/input.ts';
import { requireSite } from '../http/origin.ts';
import { defineRoute, type Route } from '../http/route.ts';
import type { CardFileRow } from '../db/schemaCard.ts';
import { cardRoutes } from './visaCards.ts';

const deleted = null;

export const visaRoutes: Route[] = [
  defineRoute({
    method: 'POST',
    path: visaPaths.info,
    auth: 'user',
    async handler({ context, request }): Promise<VisaInfoData> {
      return visaInfo(context.settings.card, (message) =>
        context.translator.translate(request.locale, message),
      );
    },
  }),

  // ---- Photos
  defineRoute({
    method: 'POST',
    path: visaPaths.uploadImg,
    auth: 'user',
    input: uploadImgRequestSchema,
    // Each slot is a row and, soon, a file: counted like money calls.
    userRateLimit: 'money',
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
    method: 'POST',
    path: visaPaths.photo,
    auth: 'user',
    input: photoRequestSchema,
    bare: true,
    headers: { 'content-type': 'image/jpeg' },
    async handler({ context, user, input }): Promise<Buffer> {
      const card = cardContext(context);
      return readStoredFile(card, await findReadableFile(card.db, input.id, user.id));
    },
  }),

  // ---- Holders
  defineRoute({
    method: 'POST',
    path: visaPaths.addKyc,
    auth: 'user',
    // Checked in the handler: the date rules need the server's clock.
    input: v.unknown(),
    async handler({ context, user, input }): Promise<Holder> {
      const fields = parseInput(holderFormSchema(context.now), input);
      return addHolder(cardContext(context), user.id, fields);
    },
  }),
  defineRoute({
    method: 'POST',
    path: visaPaths.editKyc,
    auth: 'user',
    input: v.unknown(),
    async handler({ context, user, input }): Promise<Holder> {
      const fields = parseInput(editKycRequestSchema(context.now), input);
      return editHolder(cardContext(context), user.id, BigInt(fields.id), fields);
    },
  }),
  defineRoute({
    method: 'POST',
    path: visaPaths.kycDetail,
    auth: 'user',
    input: idRequestSchema,
    async handler({ context, user, input }): Promise<Holder> {
      const card = cardContext(context);
      return holderWire(card.vault, await findOwnHolder(card.db, user.id, BigInt(input.id)));
    },
  }),
  defineRoute({
    method: 'POST',
    path: visaPaths.kycList,
    auth: 'user',
    input: kycListRequestSchema,
    async handler({ context, user, input }): Promise<KycListData> {
      const { rows, total } = await listHolders(context.db, {
        userId: user.id,
        status: input.status,
        page: input.page,
        pageSize: input.page_size,
      });
      return { total, list: rows.map(holderSummaryWire) };
    },
  }),
  defineRoute({
    method: 'POST',
    path: visaPaths.deleteKyc,
    auth: 'user',
    input: idRequestSchema,
    async handler({ context, user, input }): Promise<null> {
      await deleteHolder(cardContext(context), user.id, BigInt(input.id));
      return deleted;
    },
  }),

  // ---- Addresses
  defineRoute({
    method: 'POST',
    path: visaPaths.addAddress,
    auth: 'user',
    input: addAddressRequestSchema,
    async handler({ context, user, input }): Promise<DeliveryAddress> {
      return addAddress(
        context.db,
        user.id,
        input,
        context.now(),
        context.settings.card.maxAddressesPerUser,
      );
    },
  }),
  defineRoute({
    method: 'POST',
    path: visaPaths.editAddress,
    auth: 'user',
    input: editAddressRequestSchema,
    async handler({ context, user, input }): Promise<DeliveryAddress> {
      return editAddress(context.db, user.id, BigInt(input.id), input, context.now());
    },
  }),
  defineRoute({
    method: 'POST',
    path: visaPaths.addressDetail,
    auth: 'user',
    input: idRequestSchema,
    async handler({ context, user, input }): Promise<DeliveryAddress> {
      return addressWire(await findOwnAddress(context.db, user.id, BigInt(input.id)));
    },
  }),
  defineRoute({
    method: 'POST',
    path: visaPaths.addressList,
    auth: 'user',
    input: addressListRequestSchema,
    async handler({ context, user, input }): Promise<AddressListData> {
      return listAddresses(context.db, user.id, { page: input.page, pageSize: input.page_size });
    },
  }),
  defineRoute({
    method: 'POST',
    path: visaPaths.deleteAddress,
    auth: 'user',
    input: idRequestSchema,
    async handler({ context, user, input }): Promise<null> {
      await deleteAddress(context.db, user.id, BigInt(input.id), context.now());
      return deleted;
    },
  }),
  ...cardRoutes,
];

/** The upload URL's path before its secret token, for redacting it in the request log. */
export const VISA_UPLOAD_LOG_PREFIX = UPLOAD_PUT_PATH.slice(0, UPLOAD_PUT_PATH.indexOf(':token'));

const claimedSlots = new WeakMap<object, CardFileRow>();

/**
 * PUT of an upload slot's bytes. Its own scope, so the raw-body parser (any content type,
 * up to UPLOAD_MAX_BYTES) applies to this path alone; the slot is claimed before the body
 * is read, so a URL takes one PUT whatever happens to it.
 */
export async function registerVisaUpload(
  app: FastifyInstance,
  context: ServerContext,
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
