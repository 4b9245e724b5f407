import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ApplicationListScreen } from '../../../features/card/apply/ApplicationListScreen.tsx';
import { screenData } from '../../../state/routeData.ts';

export const Route = createFileRoute('/_auth/bank/applyList')({
  staticData: {
    readsOffline: true,
    title: msg`Card applications`,
    keepAlive: true,
  },
  loader: screenData('card', (q, { api, list }) => [
    q.cardInfoOptions(api),
    list(q.applicationListSource(api)),
  ]),
  component: ApplicationListScreen,
});
