import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ReleaseScreen } from '../../features/release/ReleaseScreen.tsx';
import { screenData } from '../../state/routeData.ts';

export const Route = createFileRoute('/_auth/enuRelease')({
  staticData: {
    readsOffline: true,
    title: msg`Dividend release`,
  },
  loader: screenData('release', (q, { api, address, list }) => [
    q.releaseSummaryOptions(api, address),
    list(q.releaseLogSource(api)),
  ]),
  component: ReleaseScreen,
});
