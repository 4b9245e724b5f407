// /admin/v1/card/*: the operator's side of the card service (admin token).
import {
  type AdminHolder,
  type AdminHolderDetail,
  type AdminHoldersData,
  adminCardEndpoints,
} from '../admin/contractCard.ts';
import { cardContext } from './cardContext.ts';
import { holderSummaryWire, holderWire, listHolders, photosOf, reviewHolder } from './holders.ts';
import { DomainError } from '../domainError.ts';
import { findReadableFile, readStoredFile } from './uploads.ts';
import { defineRoute, type Route } from '../http/route.ts';
import { addressesOf } from '../users/users.ts';
import { adminCardMoneyRoutes } from './adminMoneyRoutes.ts';

export const adminCardRoutes: Route[] = [
  defineRoute({
    endpoint: adminCardEndpoints.holders,
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
    endpoint: adminCardEndpoints.holder,
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
    endpoint: adminCardEndpoints.holderApprove,
    async handler({ context, input }) {
      return holderSummaryWire(
        await reviewHolder(context.db, BigInt(input.id), { status: 'approved' }, context.now()),
      );
    },
  }),
  defineRoute({
    endpoint: adminCardEndpoints.holderReject,
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
    endpoint: adminCardEndpoints.photo,
    bare: true,
    headers: { 'content-type': 'image/jpeg' },
    async handler({ context, input }): Promise<Buffer> {
      const card = cardContext(context);
      return readStoredFile(card, await findReadableFile(card.db, input.id, null));
    },
  }),
  ...adminCardMoneyRoutes,
];
