import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { NoticeDetailScreen } from '../../../features/notice/NoticeDetailScreen.tsx';
import { screenData } from '../../../state/routeData.ts';

export const Route = createFileRoute('/_auth/notice/detail/$id')({
  staticData: {
    readsOffline: true,
    title: msg({ message: 'Notice', comment: 'Title of one announcement from the operator.' }),
  },
  loader: screenData('notice', (q, { api, address, locale, params }) => [
    q.noticeDetailOptions(api, address, params.id!, locale),
  ]),
  component: NoticeDetailRoute,
});

function NoticeDetailRoute() {
  const { id } = Route.useParams();
  return <NoticeDetailScreen key={id} id={id} />;
}
