import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { WithdrawScreen } from '../../../features/withdraw/WithdrawScreen.tsx';
import { screenData } from '../../../state/routeData.ts';

export const Route = createFileRoute('/_auth/withdraw/')({
  staticData: {
    title: msg`Withdraw`,
  },
  loader: screenData('money', (q, { api, address }) => [
    q.walletOptions(api, address),
    q.withdrawConfigOptions(api),
  ]),
  component: WithdrawScreen,
});
