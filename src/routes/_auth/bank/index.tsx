import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { NotAvailableYet } from '../../../ui/NotAvailableYet.tsx';

export const Route = createFileRoute('/_auth/bank/')({
  staticData: {
    title: msg`Card service`,
    keepAlive: true,
  },
  component: NotAvailableYet,
});
