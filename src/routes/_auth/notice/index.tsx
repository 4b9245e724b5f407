import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { NoticeListScreen } from '../../../features/notice/NoticeListScreen.tsx';

export const Route = createFileRoute('/_auth/notice/')({
  staticData: {
    title: msg`Notices`,
    keepAlive: true,
  },
  component: NoticeListScreen,
});
