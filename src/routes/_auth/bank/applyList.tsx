import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '../../../ui/NotAvailableYet.tsx';

export const Route = createFileRoute('/_auth/bank/applyList')({
  staticData: {
    title: msg`Card applications`,
    keepAlive: true,
  },
  component: NotAvailableYet,
});
