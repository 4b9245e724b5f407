import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { WithdrawRecordsScreen } from '../../../features/withdraw/WithdrawRecordsScreen.tsx';

export const Route = createFileRoute('/_auth/withdraw/list')({
  staticData: {
    title: msg`Withdrawal records`,
    keepAlive: true,
  },
  component: WithdrawRecordsScreen,
});
