// /api/v1/visa/*: the card service (contract/api/card/). Every id in a request is looked up
// together with the session's user, so another user's object answers exactly like a
// missing one. Domain rules live in server/card/.
import type { FastifyInstance } from 'fastify';
import {
  addressEndpoints,
  type AddressListData,
  type DeliveryAddress,
} from '../../contract/api/card/addresses.ts';
import {
  editHolderRequestSchema,
  type Holder,
  holderEndpoints,
  holderFormSchema,
  type HolderListData,
} from '../../contract/api/card/holders.ts';
import { type CardInfoData, infoEndpoints } from '../../contract/api/card/info.ts';
import {
  UPLOAD_MAX_BYTES,
  uploadEndpoints,
  type UploadImgData,
  type UploadPutData,
} from '../../contract/api/card/uploads.ts';
import {
  addAddress,
  addressWire,
  deleteAddress,
  editAddress,
  findOwnAddress,
  listAddresses,
} from './addresses.ts';
import { cardContext } from './cardContext.ts';
import {
  addHolder,
  deleteHolder,
  editHolder,
  findOwnHolder,
  holderSummaryWire,
  holderWire,
  listHolders,
} from './holders.ts';
import { cardInfo } from './info.ts';
import {
  claimUploadSlot,
  findReadableFile,
  openUploadSlot,
  readStoredFile,
  receiveUpload,
  UPLOAD_PUT_PATH,
} from './uploads.ts';
import { DomainError } from '../domainError.ts';
import { parseInput } from '../http/input.ts';
import { requireSite } from '../http/origin.ts';
import type { HttpContext } from '../http/httpContext.ts';
import { defineRoute, type Route } from '../http/route.ts';
import type { CardFileRow } from '../db/schemaCard.ts';
import { cardRoutes } from './cardsRoutes.ts';

const deleted = null;

export const cardServiceRoutes: Route[] = [
  defineRoute({
    endpoint: infoEndpoints.info,
    async handler({ context, request }): Promise<CardInfoData> {
      return cardInfo(context.settings.card, (message) =>
        context.translator.translate(request.locale, message),
      );
    },
  }),

  // ---- Photos
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

  // ---- Holders
  defineRoute({
    endpoint: holderEndpoints.addHolder,
    async handler({ context, user, input }): Promise<Holder> {
      const fields = parseInput(holderFormSchema(context.now), input);
      return addHolder(cardContext(context), user.id, fields);
    },
  }),
  defineRoute({
    endpoint: holderEndpoints.editHolder,
    async handler({ context, user, input }): Promise<Holder> {
      const fields = parseInput(editHolderRequestSchema(context.now), input);
      return editHolder(cardContext(context), user.id, BigInt(fields.id), fields);
    },
  }),
  defineRoute({
    endpoint: holderEndpoints.holderDetail,
    async handler({ context, user, input }): Promise<Holder> {
      const card = cardContext(context);
      return holderWire(card.vault, await findOwnHolder(card.db, user.id, BigInt(input.id)));
    },
  }),
  defineRoute({
    endpoint: holderEndpoints.holderList,
    async handler({ context, user, input }): Promise<HolderListData> {
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
    endpoint: holderEndpoints.deleteHolder,
    async handler({ context, user, input }): Promise<null> {
      await deleteHolder(cardContext(context), user.id, BigInt(input.id));
      return deleted;
    },
  }),

  // ---- Addresses
  defineRoute({
    endpoint: addressEndpoints.addAddress,
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
    endpoint: addressEndpoints.editAddress,
    async handler({ context, user, input }): Promise<DeliveryAddress> {
      return editAddress(context.db, user.id, BigInt(input.id), input, context.now());
    },
  }),
  defineRoute({
    endpoint: addressEndpoints.addressDetail,
    async handler({ context, user, input }): Promise<DeliveryAddress> {
      return addressWire(await findOwnAddress(context.db, user.id, BigInt(input.id)));
    },
  }),
  defineRoute({
    endpoint: addressEndpoints.addressList,
    async handler({ context, user, input }): Promise<AddressListData> {
      return listAddresses(context.db, user.id, { page: input.page, pageSize: input.page_size });
    },
  }),
  defineRoute({
    endpoint: addressEndpoints.deleteAddress,
    async handler({ context, user, input }): Promise<null> {
      await deleteAddress(context.db, user.id, BigInt(input.id), context.now());
      return deleted;
    },
  }),
  ...cardRoutes,
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
