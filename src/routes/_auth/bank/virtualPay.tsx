import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { MyCardsScreen } from '../../../features/card/cards/MyCardsScreen.tsx';

// /bank/virtual_pay and /bank/virtualPay are the same page (spec §2).
export const Route = createFileRoute('/_auth/bank/virtualPay')({
  staticData: {
    title: msg`Virtual card payment`,
  },
  component: function VirtualPay() {
    return <MyCardsScreen virtualOnly />;
  },
});
