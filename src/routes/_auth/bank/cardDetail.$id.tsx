import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { CardDetailScreen } from '../../../features/card/cards/CardDetailScreen.tsx';
import { screenData } from '../../../state/routeData.ts';

export const Route = createFileRoute('/_auth/bank/cardDetail/$id')({
  staticData: {
    readsOffline: true,
    title: msg`Card detail`,
  },
  loader: screenData('card', (q, { api, params }) => [
    q.cardOptions(api, params.id!),
    q.cardInfoOptions(api),
  ]),
  component: function CardDetail() {
    const { id } = Route.useParams();
    return <CardDetailScreen key={id} id={id} />;
  },
});
