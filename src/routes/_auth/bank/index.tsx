import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { CardHubScreen } from '../../../features/card/CardHubScreen.tsx';

export const Route = createFileRoute('/_auth/bank/')({
  staticData: {
    title: msg`Card service`,
    keepAlive: true,
  },
  component: CardHubScreen,
});
