// POST /api/v1/user/wsTicket: a socket ticket for the caller's session, and the user's latest
// event offset, from which a first SUBSCRIBE recovers (so nothing between the two is missed).
import { realtimeEndpoints, type WsTicketData } from '../../src/api/realtime.ts';
import { DomainError } from '../domainError.ts';
import { bearerToken } from '../http/authenticate.ts';
import { defineRoute } from '../http/route.ts';
import { foldBroadcasts } from './history.ts';
import { issueTicket } from './tickets.ts';

export const realtimeRoutes = [
  defineRoute({
    endpoint: realtimeEndpoints.wsTicket,
    async handler({ context, request }): Promise<WsTicketData> {
      const issued = await issueTicket(context.db, bearerToken(request)!, context.now());
      // The session ended between the check and now.
      if (!issued) throw new DomainError('unauthorized');
      if (issued === 'too_many') throw new DomainError('rate_limited');
      // Broadcasts published while the user was away are copied first: the app reads its
      // lists afresh on start, so it starts from what is there now.
      const { latest } = await foldBroadcasts(context.db, [issued.userId], { skipLocked: false });
      return { ticket: issued.ticket, offset: Number(latest.get(issued.userId)) };
    },
  }),
];
