import { createFileRoute } from '@tanstack/react-router';
import { ApplyScreen } from '../../../features/card/apply/ApplyScreen.tsx';
import { applyPages, applyScreenData } from '../../../features/card/apply/applyRouteData.ts';
import { reapplySearch } from '../../../features/card/routeSearch.ts';

export const Route = createFileRoute('/_auth/bank/virtual_apply')({
  staticData: applyPages.virtual,
  validateSearch: reapplySearch,
  loader: applyScreenData,
  component: function VirtualApply() {
    return <ApplyScreen type="virtual" reapplyOf={Route.useSearch().reapply} />;
  },
});
