// Holders and their identity review (contract/api/card/holders.ts): the user's side under
// /api/v1/visa/*, the operator's under /admin/v1/card/*. Every id a user sends is looked up
// with the session's user, so another user's holder answers exactly like a missing one.
import {
  editHolderRequestSchema,
  type Holder,
  holderEndpoints,
  holderFormSchema,
  type HolderListData,
} from '../../contract/api/card/holders.ts';
import {
  type AdminHolderDetail,
  type AdminHoldersData,
  adminCardEndpoints,
} from '../admin/contractCard.ts';
import { DomainError } from '../domainError.ts';
import { parseInput } from '../http/input.ts';
import { defineRoute, type Route } from '../http/route.ts';
import { addressesOf } from '../users/users.ts';
import { cardContext } from './cardContext.ts';
import {
  addHolder,
  deleteHolder,
  editHolder,
  findOwnHolder,
  holderSummaryWire,
  holderWire,
  listHolders,
  photosOf,
  reviewHolder,
} from './holders.ts';
import { pageOf, withOwners } from './lists.ts';

const deleted = null;

export const holderRoutes: Route[] = [
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
        ...pageOf(input),
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

  // ---- The operator's review
  defineRoute({
    endpoint: adminCardEndpoints.holders,
    async handler({ context: { db }, input }): Promise<AdminHoldersData> {
      const found = await listHolders(db, { status: input.status, ...pageOf(input) });
      return withOwners(
        db,
        found,
        (row) => row.user_id,
        (row) => ({ ...holderSummaryWire(row), photos: photosOf(row) }),
      );
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
];
