import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '../../../ui/NotAvailableYet.tsx';

export const Route = createFileRoute('/_auth/wallet/moneyLog')({
  staticData: {
    title: msg`Money log`,
    keepAlive: true,
  },
  component: NotAvailableYet,
});
