import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { TicketBuyScreen } from '../../../features/ticket/TicketBuyScreen.tsx';

export const Route = createFileRoute('/_auth/ticket/buy')({
  staticData: {
    title: msg`Ticket buy`,
  },
  component: TicketBuyScreen,
});
