import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { WalletScreen } from '../../../features/wallet/WalletScreen.tsx';

export const Route = createFileRoute('/_auth/wallet/')({
  staticData: {
    title: msg`Wallet`,
    keepAlive: true,
  },
  component: WalletScreen,
});
