import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { HolderListScreen } from '../../../features/card/holders/HolderListScreen.tsx';

export const Route = createFileRoute('/_auth/bank/holdersList')({
  staticData: {
    title: msg`Holders`,
    keepAlive: true,
  },
  component: HolderListScreen,
});
