import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { TransferRecordsScreen } from '../../../features/transfer/TransferRecordsScreen.tsx';
import { screenData } from '../../../state/routeData.ts';

export const Route = createFileRoute('/_auth/transfer/list')({
  staticData: {
    readsOffline: true,
    title: msg`Transfer records`,
  },
  loader: screenData('money', (q, { api, list }) => [list(q.transferListSource(api, 'out'))]),
  component: TransferRecordsScreen,
});
