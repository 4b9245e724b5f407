import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { TransferScreen } from '../../../features/transfer/TransferScreen.tsx';

export const Route = createFileRoute('/_auth/wallet/transfer')({
  staticData: {
    title: msg({ message: 'Transfer', context: 'tickets' }),
  },
  component: TransferScreen,
});
