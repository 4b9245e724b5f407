import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ApplyScreen } from '../../../features/card/apply/ApplyScreen.tsx';
import { applyScreenData } from '../../../features/card/apply/applyRouteData.ts';

export const Route = createFileRoute('/_auth/bank/physical_apply')({
  staticData: {
    title: msg`Physical card application`,
  },
  loader: applyScreenData,
  component: function PhysicalApply() {
    return <ApplyScreen type="physical" />;
  },
});
