import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '../../../../ui/NotAvailableYet.tsx';

export const Route = createFileRoute('/_auth/mall/orders/$id')({
  staticData: {
    title: msg`Order detail`,
  },
  component: NotAvailableYet,
});
