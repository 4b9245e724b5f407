import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { TicketBuyScreen } from '../../../features/ticket/TicketBuyScreen.tsx';
import { screenData } from '../../../state/routeData.ts';

export const Route = createFileRoute('/_auth/ticket/buy')({
  staticData: {
    title: msg`Ticket buy`,
  },
  loader: screenData('ticket', (q, { api }) => [q.ticketConfigOptions(api)]),
  component: TicketBuyScreen,
});
