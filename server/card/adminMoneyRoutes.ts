// /admin/v1/card/*: applications (issue, reject), recharges (process, settle, fail) and
// spending, for the operator.
import {
  type AdminApplicationsData,
  type AdminIssueData,
  type AdminRechargesData,
  type AdminSpendData,
  adminCardEndpoints,
} from '../admin/contractCard.ts';
import type { CardApplication } from '../../contract/api/card/applications.ts';
import type { RechargeRecord } from '../../contract/api/card/recharges.ts';
import { applicationWire, issueCard, listApplications, rejectApplication } from './applications.ts';
import { cardContext } from './cardContext.ts';
import { finishRecharge, listRecharges, rechargeWire, spendOnCard } from './recharges.ts';
import { parsePositiveAmount } from '../http/input.ts';
import { defineRoute, type Route } from '../http/route.ts';
import { addressesOf } from '../users/users.ts';

export const adminCardMoneyRoutes: Route[] = [
  defineRoute({
    endpoint: adminCardEndpoints.applications,
    async handler({ context: { db }, input }): Promise<AdminApplicationsData> {
      const { rows, total } = await listApplications(db, {
        status: input.status,
        page: input.page,
        pageSize: input.page_size,
      });
      const owners = await addressesOf(
        db,
        rows.map(({ row }) => row.user_id),
      );
      return {
        total,
        list: rows.map(({ row, canReapply }) => ({
          ...applicationWire(row, canReapply),
          user_address: owners.get(row.user_id) ?? '',
        })),
      };
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
  defineRoute({
    endpoint: adminCardEndpoints.recharges,
    async handler({ context: { db }, input }): Promise<AdminRechargesData> {
      const { rows, total } = await listRecharges(db, {
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
        list: rows.map((row) => ({
          ...rechargeWire(row),
          user_address: owners.get(row.user_id) ?? '',
        })),
      };
    },
  }),
  defineRoute({
    endpoint: adminCardEndpoints.rechargeProcess,
    async handler({ context, input }): Promise<RechargeRecord> {
      return finishRecharge(cardContext(context), BigInt(input.id), { status: 'processing' });
    },
  }),
  defineRoute({
    endpoint: adminCardEndpoints.rechargeSettle,
    async handler({ context, input }): Promise<RechargeRecord> {
      return finishRecharge(cardContext(context), BigInt(input.id), { status: 'success' });
    },
  }),
  defineRoute({
    endpoint: adminCardEndpoints.rechargeFail,
    async handler({ context, input }): Promise<RechargeRecord> {
      return finishRecharge(cardContext(context), BigInt(input.id), {
        status: 'failed',
        reason: input.reason,
      });
    },
  }),
  defineRoute({
    endpoint: adminCardEndpoints.spend,
    async handler({ context, input }): Promise<AdminSpendData> {
      return spendOnCard(
        cardContext(context),
        BigInt(input.card_id),
        parsePositiveAmount(input.amount, 'USDT'),
        input.merchant,
      );
    },
  }),
];
