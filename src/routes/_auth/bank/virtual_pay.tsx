import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '../../../ui/NotAvailableYet.tsx';

export const Route = createFileRoute('/_auth/bank/virtual_pay')({
  staticData: {
    title: msg`Virtual card payment`,
  },
  component: NotAvailableYet,
});
