// /admin/v1/card/*: the operator's side of the card service (admin token).
import {
  adminCardPaths,
  adminHolderQuerySchema,
  adminHoldersQuerySchema,
  adminIdRequestSchema,
  adminPhotoQuerySchema,
  adminRejectRequestSchema,
  type AdminHolder,
  type AdminHolderDetail,
  type AdminHoldersData,
} from '../admin/contractCard.ts';
import { cardContext } from '../card/cardContext.ts';
import {
  holderSummaryWire,
  holderWire,
  listHolders,
  photosOf,
  reviewHolder,
} from '../card/holders.ts';
import { DomainError } from '../domainError.ts';
import { findReadableFile, readStoredFile } from '../card/uploads.ts';
import { defineRoute, type Route } from '../http/route.ts';
import { adminCardMoneyRoutes, addressesOf } from './adminCardMoney.ts';

export const adminCardRoutes: Route[] = [
  defineRoute({
    method: 'GET',
    path: adminCardPaths.holders,
    auth: 'admin',
    input: adminHoldersQuerySchema,
    async handler({ context: { db }, input }): Promise<AdminHoldersData> {
      const { rows, total } = await listHolders(db, {
        status: input.status,
        page: input.page,
        pageSize: input.page_size,
      });
      const owners = await addressesOf(
        db,
        rows.map((row) => row.user_id),
      );
      return {
        total,
        list: rows.map((row): AdminHolder => ({
          ...holderSummaryWire(row),
          user_address: owners.get(row.user_id) ?? '',
          photos: photosOf(row),
        })),
      };
    },
  }),
  defineRoute({
    method: 'GET',
    path: adminCardPaths.holder,
    auth: 'admin',
    input: adminHolderQuerySchema,
    async handler({ context, input }): Promise<AdminHolderDetail> {
      const card = cardContext(context);
      const row = await card.db.kysely
        .selectFrom('card_holders')
        .selectAll()
        .where('id', '=', BigInt(input.id))
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!row) throw new DomainError('holder_not_found');
      const owners = await addressesOf(card.db, [row.user_id]);
      return { ...holderWire(card.vault, row), user_address: owners.get(row.user_id) ?? '' };
    },
  }),
  defineRoute({
    method: 'POST',
    path: adminCardPaths.holderApprove,
    auth: 'admin',
    input: adminIdRequestSchema,
    async handler({ context, input }) {
      return holderSummaryWire(
        await reviewHolder(context.db, BigInt(input.id), { status: 'approved' }, context.now()),
      );
    },
  }),
  defineRoute({
    method: 'POST',
    path: adminCardPaths.holderReject,
    auth: 'admin',
    input: adminRejectRequestSchema,
    async handler({ context, input }) {
      return holderSummaryWire(
        await reviewHolder(
          context.db,
          BigInt(input.id),
          { status: 'rejected', reason: input.reason },
          context.now(),
        ),
      );
    },
  }),
  defineRoute({
    method: 'GET',
    path: adminCardPaths.photo,
    auth: 'admin',
    input: adminPhotoQuerySchema,
    bare: true,
    headers: { 'content-type': 'image/jpeg' },
    async handler({ context, input }): Promise<Buffer> {
      const card = cardContext(context);
      return readStoredFile(card, await findReadableFile(card.db, input.id, null));
    },
  }),
  ...adminCardMoneyRoutes,
];
