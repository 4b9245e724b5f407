import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { TicketSourceScreen } from '../../features/release/TicketSourceScreen.tsx';
import { screenData } from '../../state/routeData.ts';

export const Route = createFileRoute('/_auth/enuFrom')({
  staticData: {
    readsOffline: true,
    title: msg`Ticket source`,
  },
  loader: screenData('ticket', (q, { api, list }) => [list(q.ticketSourceLogSource(api))]),
  component: TicketSourceScreen,
});
