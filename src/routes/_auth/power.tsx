import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { PowerLogScreen } from '../../features/power/PowerLogScreen.tsx';

export const Route = createFileRoute('/_auth/power')({
  staticData: {
    title: msg`Compute log`,
  },
  component: PowerLogScreen,
});
