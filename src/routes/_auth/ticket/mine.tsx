import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { MyTicketsScreen } from '../../../features/ticket/MyTicketsScreen.tsx';
import { screenData } from '../../../state/routeData.ts';

export const Route = createFileRoute('/_auth/ticket/mine')({
  staticData: {
    readsOffline: true,
    title: msg`Purchased tickets`,
  },
  loader: screenData('ticket', (q, { api, list }) => [list(q.myTicketsSource(api))]),
  component: MyTicketsScreen,
});
