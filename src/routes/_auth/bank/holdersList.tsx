import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { HolderListScreen } from '../../../features/card/holders/HolderListScreen.tsx';
import { screenData } from '../../../state/routeData.ts';

export const Route = createFileRoute('/_auth/bank/holdersList')({
  staticData: {
    title: msg`Holders`,
    keepAlive: true,
  },
  loader: screenData('card', (q, { api, list }) => [list(q.holderListSource(api))]),
  component: HolderListScreen,
});
