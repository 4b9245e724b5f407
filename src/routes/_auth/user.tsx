import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { UserCentreScreen } from '../../features/user/UserCentreScreen.tsx';
import { screenData } from '../../state/routeData.ts';

export const Route = createFileRoute('/_auth/user')({
  staticData: { title: msg`User centre`, readsOffline: true },
  loader: screenData('user', (q, { api, store }) => [q.userInfoOptions({ api, store })]),
  component: UserCentreScreen,
});
