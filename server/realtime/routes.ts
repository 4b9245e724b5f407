// POST /api/v1/user/wsTicket: a socket ticket for the caller's session, and the user's latest
// event offset, from which a first SUBSCRIBE recovers (so nothing between the two is missed).
// Limited per user (the endpoint's `wsTicket` rate) and to MAX_LIVE_TICKETS_PER_SESSION
// unused tickets per session: one more is answered 429 until the first of them expires.
import { realtimeEndpoints, type WsTicketData } from '../../contract/api/realtime.ts';
import { DomainError } from '../domainError.ts';
import { bearerToken } from '../http/authenticate.ts';
import { defineRoute } from '../http/route.ts';
import { foldBroadcasts } from './history.ts';
import { issueTicket } from './tickets.ts';

export const realtimeRoutes = [
  defineRoute({
    endpoint: realtimeEndpoints.wsTicket,
    async handler({ context, request }): Promise<WsTicketData> {
      const now = context.now();
      const issued = await issueTicket(context.db, bearerToken(request)!, now);
      // The session ended between the check and now.
      if (!issued) throw new DomainError('unauthorized');
      if ('tooMany' in issued) {
        const seconds = Math.max(1, Math.ceil((issued.retryAt.getTime() - now.getTime()) / 1000));
        throw new DomainError('rate_limited', { data: { retry_after_seconds: seconds } });
      }
      // Broadcasts published while the user was away are copied first: the app reads its
      // lists afresh on start, so it starts from what is there now.
      const { latest } = await foldBroadcasts(context.db, [issued.userId], { skipLocked: false });
      return { ticket: issued.ticket, offset: Number(latest.get(issued.userId)) };
    },
  }),
];
