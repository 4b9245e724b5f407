import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ApplyScreen } from '../../../features/card/apply/ApplyScreen.tsx';
import { reapplySearch } from '../../../features/card/routeSearch.ts';
import { screenData } from '../../../state/routeData.ts';

export const Route = createFileRoute('/_auth/bank/virtual_apply')({
  staticData: {
    title: msg`Virtual card application`,
  },
  validateSearch: reapplySearch,
  loader: screenData('card', (q, { api, list }) => [
    q.cardInfoOptions(api),
    list(q.holderListSource(api)),
    list(q.addressListSource(api)),
  ]),
  component: function VirtualApply() {
    return <ApplyScreen type="virtual" reapplyOf={Route.useSearch().reapply} />;
  },
});
