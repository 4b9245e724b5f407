import { createFileRoute } from '@tanstack/react-router';
import { MyCardsScreen } from '../../features/card/cards/MyCardsScreen.tsx';
import { myCardsPage } from '../../features/card/cards/myCardsRoute.ts';

// /mineCard and /mineBank are the same page (spec §2): features/card/cards/myCardsRoute.ts.
export const Route = createFileRoute('/_auth/mineBank')({
  staticData: myCardsPage.staticData,
  loader: myCardsPage.loader,
  component: function MineCards() {
    return <MyCardsScreen />;
  },
});
