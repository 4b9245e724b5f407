import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { WithdrawRecordsScreen } from '../../../features/withdraw/WithdrawRecordsScreen.tsx';
import { screenData } from '../../../state/routeData.ts';

export const Route = createFileRoute('/_auth/withdraw/list')({
  staticData: {
    readsOffline: true,
    title: msg`Withdrawal records`,
    keepAlive: true,
  },
  loader: screenData('money', (q, { api, list }) => [list(q.withdrawListSource(api))]),
  component: WithdrawRecordsScreen,
});
