import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { NodeScreen } from '../../features/node/NodeScreen.tsx';

export const Route = createFileRoute('/_auth/node')({
  staticData: {
    title: msg`Node purchase`,
  },
  component: NodeScreen,
});
