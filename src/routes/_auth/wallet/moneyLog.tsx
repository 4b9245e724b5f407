import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { MoneyLogScreen } from '../../../features/wallet/MoneyLogScreen.tsx';

export const Route = createFileRoute('/_auth/wallet/moneyLog')({
  staticData: {
    title: msg`Money log`,
    keepAlive: true,
  },
  component: MoneyLogScreen,
});
