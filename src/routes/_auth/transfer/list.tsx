import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '../../../ui/NotAvailableYet.tsx';

export const Route = createFileRoute('/_auth/transfer/list')({
  staticData: {
    title: msg`Transfer records`,
  },
  component: NotAvailableYet,
});
