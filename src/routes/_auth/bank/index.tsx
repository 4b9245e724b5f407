import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { CardHubScreen } from '../../../features/card/CardHubScreen.tsx';
import { screenData } from '../../../state/routeData.ts';

export const Route = createFileRoute('/_auth/bank/')({
  staticData: {
    readsOffline: true,
    title: msg`Card service`,
    keepAlive: true,
  },
  loader: screenData('card', (q, { api, list }) => [
    list(q.myCardListSource(api)),
    list(q.holderListSource(api)),
    list(q.addressListSource(api)),
    list(q.applicationListSource(api)),
  ]),
  component: CardHubScreen,
});
