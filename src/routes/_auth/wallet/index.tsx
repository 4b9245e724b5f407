import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { WalletScreen } from '../../../features/wallet/WalletScreen.tsx';
import { screenData } from '../../../state/routeData.ts';

export const Route = createFileRoute('/_auth/wallet/')({
  staticData: {
    readsOffline: true,
    title: msg`Wallet`,
    keepAlive: true,
  },
  loader: screenData('money', (q, { api, address, list }) => [
    q.walletOptions(api, address),
    list(q.incomeSource(api)),
  ]),
  component: WalletScreen,
});
