import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { NoticeListScreen } from '../../../features/notice/NoticeListScreen.tsx';
import { screenData } from '../../../state/routeData.ts';

export const Route = createFileRoute('/_auth/notice/')({
  staticData: {
    readsOffline: true,
    title: msg`Notices`,
    keepAlive: true,
  },
  loader: screenData('notice', (q, { api, locale, list }) => [
    list(q.noticeListSource(api, locale)),
  ]),
  component: NoticeListScreen,
});
