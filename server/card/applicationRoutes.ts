// Card applications (contract/api/card/applications.ts): applying and reapplying (money:
// Idempotency-Key) and the list under /api/v1/visa/*; the operator issues or rejects them
// under /admin/v1/card/*. A user's ids are looked up with the session's user, so another
// user's application answers exactly like a missing one.
import {
  applicationEndpoints,
  type ApplicationListData,
  type CardApplication,
} from '../../contract/api/card/applications.ts';
import type { AcceptedAgreement, CardType } from '../../contract/api/card/info.ts';
import {
  type AdminApplicationsData,
  type AdminIssueData,
  adminCardEndpoints,
} from '../admin/contractCard.ts';
import { defineRoute, type Route } from '../http/route.ts';
import {
  type ApplicationRequest,
  applicationWire,
  applyForCard,
  issueCard,
  listApplications,
  reapplyForCard,
  rejectApplication,
} from './applications.ts';
import { cardContext } from './cardContext.ts';
import { pageOf, withOwners } from './lists.ts';

/** A new application as its request body asks for it (a virtual card has no address). */
function applicationRequest(
  type: CardType,
  input: {
    region: string;
    holder_id: string;
    address_id?: string;
    bin?: string;
    agreements?: AcceptedAgreement[];
  },
): ApplicationRequest {
  return {
    type,
    region: input.region,
    holderId: BigInt(input.holder_id),
    addressId: input.address_id === undefined ? null : BigInt(input.address_id),
    bin: input.bin,
    agreements: input.agreements,
  };
}

export const applicationRoutes: Route[] = [
  defineRoute({
    endpoint: applicationEndpoints.openVirtualCard,
    async handler({ context, user, input, idempotencyKey }): Promise<CardApplication> {
      const request = applicationRequest('virtual', input);
      return applyForCard(cardContext(context), user.id, request, idempotencyKey);
    },
  }),
  defineRoute({
    endpoint: applicationEndpoints.openRealCard,
    async handler({ context, user, input, idempotencyKey }): Promise<CardApplication> {
      const request = applicationRequest('physical', input);
      return applyForCard(cardContext(context), user.id, request, idempotencyKey);
    },
  }),
  defineRoute({
    endpoint: applicationEndpoints.reapply,
    async handler({ context, user, input, idempotencyKey }): Promise<CardApplication> {
      return reapplyForCard(
        cardContext(context),
        user.id,
        {
          applicationId: BigInt(input.id),
          holderId: input.holder_id === undefined ? undefined : BigInt(input.holder_id),
          addressId: input.address_id === undefined ? undefined : BigInt(input.address_id),
          agreements: input.agreements,
        },
        idempotencyKey,
      );
    },
  }),
  defineRoute({
    endpoint: applicationEndpoints.applicationList,
    async handler({ context, user, input }): Promise<ApplicationListData> {
      const { rows, total } = await listApplications(context.db, {
        userId: user.id,
        status: input.status,
        ...pageOf(input),
      });
      return { total, list: rows.map(({ row, canReapply }) => applicationWire(row, canReapply)) };
    },
  }),

  // ---- The operator's side
  defineRoute({
    endpoint: adminCardEndpoints.applications,
    async handler({ context: { db }, input }): Promise<AdminApplicationsData> {
      const found = await listApplications(db, { status: input.status, ...pageOf(input) });
      return withOwners(
        db,
        found,
        ({ row }) => row.user_id,
        ({ row, canReapply }) => applicationWire(row, canReapply),
      );
    },
  }),
  defineRoute({
    endpoint: adminCardEndpoints.issue,
    async handler({ context, input }): Promise<AdminIssueData> {
      return issueCard(cardContext(context), BigInt(input.id));
    },
  }),
  defineRoute({
    endpoint: adminCardEndpoints.reject,
    async handler({ context, input }): Promise<CardApplication> {
      return rejectApplication(cardContext(context), BigInt(input.id), input.reason);
    },
  }),
];
