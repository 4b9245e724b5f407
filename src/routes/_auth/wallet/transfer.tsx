import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { TransferScreen } from '../../../features/transfer/TransferScreen.tsx';
import { screenData } from '../../../state/routeData.ts';

export const Route = createFileRoute('/_auth/wallet/transfer')({
  staticData: {
    title: msg({ message: 'Transfer', context: 'tickets' }),
  },
  loader: screenData('money', (q, { api, address, list }) => [
    q.walletOptions(api, address),
    list(q.transferListSource(api, 'out')),
  ]),
  component: TransferScreen,
});
