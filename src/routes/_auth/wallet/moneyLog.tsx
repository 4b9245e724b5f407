import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { MoneyLogScreen } from '../../../features/wallet/MoneyLogScreen.tsx';
import { screenData } from '../../../state/routeData.ts';

export const Route = createFileRoute('/_auth/wallet/moneyLog')({
  staticData: {
    readsOffline: true,
    title: msg`Money log`,
    keepAlive: true,
  },
  loader: screenData('money', (q, { api, list }) => [list(q.moneyLogSource(api, {}))]),
  component: MoneyLogScreen,
});
