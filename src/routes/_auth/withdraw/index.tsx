import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { WithdrawScreen } from '../../../features/withdraw/WithdrawScreen.tsx';

export const Route = createFileRoute('/_auth/withdraw/')({
  staticData: {
    title: msg`Withdraw`,
  },
  component: WithdrawScreen,
});
