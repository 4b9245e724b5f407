import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { MyCardsScreen } from '../../../features/card/cards/MyCardsScreen.tsx';
import { screenData } from '../../../state/routeData.ts';

// /bank/virtual_pay and /bank/virtualPay are the same page (spec §2).
export const Route = createFileRoute('/_auth/bank/virtualPay')({
  staticData: {
    title: msg`Virtual card payment`,
  },
  loader: screenData('card', (q, { api, list }) => [list(q.myCardListSource(api, 'virtual'))]),
  component: function VirtualPay() {
    return <MyCardsScreen virtualOnly />;
  },
});
