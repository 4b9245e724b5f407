import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { MyTicketsScreen } from '../../../features/ticket/MyTicketsScreen.tsx';

export const Route = createFileRoute('/_auth/ticket/mine')({
  staticData: {
    title: msg`My tickets`,
  },
  component: MyTicketsScreen,
});
