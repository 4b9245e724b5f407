import { createFileRoute } from '@tanstack/react-router';
import { ApplyScreen } from '../../../features/card/apply/ApplyScreen.tsx';
import { applyPages, applyScreenData } from '../../../features/card/apply/applyRouteData.ts';

export const Route = createFileRoute('/_auth/bank/physical_apply')({
  staticData: applyPages.physical,
  loader: applyScreenData,
  component: function PhysicalApply() {
    return <ApplyScreen type="physical" />;
  },
});
