import { createFileRoute, Navigate } from '@tanstack/react-router';
import { ApplyScreen } from '../../../features/card/apply/ApplyScreen.tsx';
import { applyPages, applyScreenData } from '../../../features/card/apply/applyRouteData.ts';
import { idSearch } from '../../../features/card/routeSearch.ts';

export const Route = createFileRoute('/_auth/bank/physicalReapply')({
  staticData: applyPages.physicalAgain,
  validateSearch: idSearch,
  loader: applyScreenData,
  component: function PhysicalReapply() {
    const { id } = Route.useSearch();
    // Which application to apply again for is chosen on the application list.
    if (!id) return <Navigate to="/bank/applyList" replace />;
    return <ApplyScreen type="physical" reapplyOf={id} />;
  },
});
