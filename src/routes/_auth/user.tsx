import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { UserCentreScreen } from '../../features/user/UserCentreScreen.tsx';

export const Route = createFileRoute('/_auth/user')({
  staticData: { title: msg`User centre` },
  component: UserCentreScreen,
});
