import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '../../ui/NotAvailableYet.tsx';

export const Route = createFileRoute('/_auth/enuFrom')({
  staticData: {
    title: msg`Ticket source`,
  },
  component: NotAvailableYet,
});
