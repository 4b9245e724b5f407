import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { TransferRecordsScreen } from '../../../features/transfer/TransferRecordsScreen.tsx';

export const Route = createFileRoute('/_auth/transfer/list')({
  staticData: {
    title: msg`Transfer records`,
  },
  component: TransferRecordsScreen,
});
