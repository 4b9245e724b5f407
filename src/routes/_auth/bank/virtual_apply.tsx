import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '../../../ui/NotAvailableYet.tsx';

export const Route = createFileRoute('/_auth/bank/virtual_apply')({
  staticData: {
    title: msg`Virtual card application`,
  },
  component: NotAvailableYet,
});
