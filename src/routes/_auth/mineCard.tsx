import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { MyCardsScreen } from '../../features/card/cards/MyCardsScreen.tsx';
import { screenData } from '../../state/routeData.ts';

// /mineCard and /mineBank are the same page (spec §2).
export const Route = createFileRoute('/_auth/mineCard')({
  staticData: {
    readsOffline: true,
    title: msg`My cards`,
    keepAlive: true,
  },
  loader: screenData('card', (q, { api, list }) => [list(q.myCardListSource(api))]),
  component: function MineCards() {
    return <MyCardsScreen />;
  },
});
