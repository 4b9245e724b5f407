import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ApplyScreen } from '../../../features/card/apply/ApplyScreen.tsx';

export const Route = createFileRoute('/_auth/bank/physical_apply')({
  staticData: {
    title: msg`Physical card application`,
  },
  component: function PhysicalApply() {
    return <ApplyScreen type="physical" />;
  },
});
