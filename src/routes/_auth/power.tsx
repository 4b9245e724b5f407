import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { PowerLogScreen } from '../../features/power/PowerLogScreen.tsx';
import { screenData } from '../../state/routeData.ts';

export const Route = createFileRoute('/_auth/power')({
  staticData: {
    readsOffline: true,
    title: msg`Compute log`,
  },
  loader: screenData('node', (q, { api, list }) => [list(q.powerLogSource(api))]),
  component: PowerLogScreen,
});
