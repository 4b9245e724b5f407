// /api/v1/ticket/* and the ticket dividend application (spec §2, §5, §7).
import {
  type TicketApplyData,
  type TicketApplyListData,
  type TicketBuyData,
  type TicketConfigData,
  type TicketListData,
  type TicketSourceLogData,
  ticketEndpoints,
} from '../../contract/api/ticket.ts';
import { defineRoute } from '../http/route.ts';
import { wireAmount } from '../../contract/money/wireAmounts.ts';
import {
  applicationWire,
  applyForDividend,
  latestUnappliedPurchase,
  liveApplication,
  listApplications,
} from './applications.ts';
import { ticketSourceLog } from './sourceLog.ts';
import { buyTicket, listTickets } from './tickets.ts';

export const ticketRoutes = [
  defineRoute({
    endpoint: ticketEndpoints.config,
    async handler({ context: { db, settings }, user }): Promise<TicketConfigData> {
      const live = await liveApplication(db, user.id);
      return {
        price: wireAmount('JU', settings.payments.ticketPrice),
        idle_days: Math.round(settings.payments.ticketIdleMs / 86_400_000),
        treasury: settings.chain.treasury,
        live_application: live ? applicationWire(live) : null,
        unapplied_hash: live ? null : await latestUnappliedPurchase(db, user.id),
      };
    },
  }),
  defineRoute({
    endpoint: ticketEndpoints.buy,
    async handler({ context, user, input, idempotencyKey }): Promise<TicketBuyData> {
      return buyTicket(context, user, { hash: input.hash, idempotencyKey: idempotencyKey });
    },
  }),
  defineRoute({
    endpoint: ticketEndpoints.mine,
    async handler({ context, user, input }): Promise<TicketListData> {
      return listTickets(context, user.id, input.page, input.page_size);
    },
  }),
  defineRoute({
    endpoint: ticketEndpoints.apply,
    async handler({ context, user, input, idempotencyKey }): Promise<TicketApplyData> {
      return applyForDividend(context, user, {
        hash: input.hash,
        idempotencyKey: idempotencyKey,
        payerClaim: input.payer_claim,
      });
    },
  }),
  defineRoute({
    endpoint: ticketEndpoints.applyList,
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
    endpoint: ticketEndpoints.sourceLog,
    async handler({ context, user, input }): Promise<TicketSourceLogData> {
      return ticketSourceLog(context.db, user.id, input.page, input.page_size);
    },
  }),
];
