// /api/v1/ticket/* and the ticket dividend application (spec §2, §5, §7).
import {
  ticketApplyListQuerySchema,
  ticketApplyRequestSchema,
  ticketBuyRequestSchema,
  ticketListQuerySchema,
  ticketPaths,
  ticketSourceLogQuerySchema,
  type TicketApplyData,
  type TicketApplyListData,
  type TicketBuyData,
  type TicketConfigData,
  type TicketListData,
  type TicketSourceLogData,
} from '../../src/api/ticket.ts';
import { defineRoute } from '../http/route.ts';
import { wireAmount } from '../money/wireAmounts.ts';
import {
  applicationWire,
  applyForDividend,
  latestUnappliedPurchase,
  listApplications,
} from '../ticket/applications.ts';
import { ticketSourceLog } from '../ticket/sourceLog.ts';
import { buyTicket, listTickets } from '../ticket/tickets.ts';

export const ticketRoutes = [
  defineRoute({
    method: 'GET',
    path: ticketPaths.config,
    auth: 'user',
    async handler({ context: { db, settings }, user }): Promise<TicketConfigData> {
      return {
        price: wireAmount('JU', settings.payments.ticketPrice),
        idle_days: Math.round(settings.payments.ticketIdleMs / 86_400_000),
        treasury: settings.chain.treasury,
        unapplied_hash: await latestUnappliedPurchase(db, user.id),
      };
    },
  }),
  defineRoute({
    method: 'POST',
    path: ticketPaths.buy,
    auth: 'user',
    input: ticketBuyRequestSchema,
    idempotent: true,
    userRateLimit: 'money',
    async handler({ context, user, input, idempotencyKey }): Promise<TicketBuyData> {
      return buyTicket(context, user, { hash: input.hash, idempotencyKey: idempotencyKey! });
    },
  }),
  defineRoute({
    method: 'GET',
    path: ticketPaths.mine,
    auth: 'user',
    input: ticketListQuerySchema,
    async handler({ context, user, input }): Promise<TicketListData> {
      return listTickets(context, user.id, input.page, input.page_size);
    },
  }),
  defineRoute({
    method: 'POST',
    path: ticketPaths.apply,
    auth: 'user',
    input: ticketApplyRequestSchema,
    idempotent: true,
    userRateLimit: 'money',
    async handler({ context, user, input, idempotencyKey }): Promise<TicketApplyData> {
      return applyForDividend(context, user, {
        hash: input.hash,
        idempotencyKey: idempotencyKey!,
        payerClaim: input.payer_claim,
      });
    },
  }),
  defineRoute({
    method: 'GET',
    path: ticketPaths.applyList,
    auth: 'user',
    input: ticketApplyListQuerySchema,
    async handler({ context, user, input }): Promise<TicketApplyListData> {
      const { rows, total } = await listApplications(
        context.db,
        { userId: user.id },
        input.page,
        input.page_size,
      );
      return { list: rows.map(applicationWire), total };
    },
  }),
  defineRoute({
    method: 'GET',
    path: ticketPaths.sourceLog,
    auth: 'user',
    input: ticketSourceLogQuerySchema,
    async handler({ context, user, input }): Promise<TicketSourceLogData> {
      return ticketSourceLog(context.db, user.id, input.page, input.page_size);
    },
  }),
];
