import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ReleaseScreen } from '../../features/release/ReleaseScreen.tsx';

export const Route = createFileRoute('/_auth/enuRelease')({
  staticData: {
    title: msg`Ticket dividend release`,
  },
  component: ReleaseScreen,
});
