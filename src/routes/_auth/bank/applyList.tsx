import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ApplicationListScreen } from '../../../features/card/apply/ApplicationListScreen.tsx';

export const Route = createFileRoute('/_auth/bank/applyList')({
  staticData: {
    title: msg`Card applications`,
    keepAlive: true,
  },
  component: ApplicationListScreen,
});
