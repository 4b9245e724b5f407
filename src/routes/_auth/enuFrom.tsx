import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { TicketSourceScreen } from '../../features/release/TicketSourceScreen.tsx';

export const Route = createFileRoute('/_auth/enuFrom')({
  staticData: {
    title: msg`Ticket source`,
  },
  component: TicketSourceScreen,
});
