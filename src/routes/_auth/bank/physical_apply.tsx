import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ApplyScreen } from '../../../features/card/apply/ApplyScreen.tsx';
import { screenData } from '../../../state/routeData.ts';

export const Route = createFileRoute('/_auth/bank/physical_apply')({
  staticData: {
    title: msg`Physical card application`,
  },
  loader: screenData('card', (q, { api, list }) => [
    q.cardInfoOptions(api),
    list(q.holderListSource(api)),
    list(q.addressListSource(api)),
  ]),
  component: function PhysicalApply() {
    return <ApplyScreen type="physical" />;
  },
});
