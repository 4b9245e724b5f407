// /admin/v1/ticket/*: the operator reviews dividend applications.
import {
  type AdminApplicationsData,
  type TicketReviewData,
  adminChainEndpoints,
} from '../admin/contractChain.ts';
import { defineRoute } from '../http/route.ts';
import { applicationWire, listApplications, reviewApplication } from './applications.ts';

export const ticketAdminRoutes = [
  defineRoute({
    endpoint: adminChainEndpoints.ticketApplications,
    async handler({ context: { db }, input }): Promise<AdminApplicationsData> {
      const { rows, total } = await listApplications(db, { status: input.status }, 1, 500);
      const users = await db.kysely
        .selectFrom('users')
        .select(['id', 'address'])
        .where('id', 'in', rows.length ? rows.map((row) => row.user_id) : [0n])
        .execute();
      const addressOf = new Map(users.map((user) => [user.id, user.address]));
      return {
        total,
        list: rows.map((row) => ({
          ...applicationWire(row),
          address: addressOf.get(row.user_id)!,
        })),
      };
    },
  }),
  defineRoute({
    endpoint: adminChainEndpoints.ticketReview,
    async handler({ context, input }): Promise<TicketReviewData> {
      return reviewApplication(
        context,
        BigInt(input.id),
        input.approve ? { approve: true } : { approve: false, reason: input.reason || 'rejected' },
      );
    },
  }),
];
