import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { NodeScreen } from '../../features/node/NodeScreen.tsx';
import { screenData } from '../../state/routeData.ts';

export const Route = createFileRoute('/_auth/node')({
  staticData: {
    readsOffline: true,
    title: msg`Node purchase`,
  },
  loader: screenData('node', (q, { api }) => [q.nodeConfigOptions(api)]),
  component: NodeScreen,
});
