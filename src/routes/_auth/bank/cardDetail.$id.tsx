import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { CardDetailScreen } from '../../../features/card/cards/CardDetailScreen.tsx';

export const Route = createFileRoute('/_auth/bank/cardDetail/$id')({
  staticData: {
    title: msg`Card detail`,
  },
  component: function CardDetail() {
    const { id } = Route.useParams();
    return <CardDetailScreen key={id} id={id} />;
  },
});
