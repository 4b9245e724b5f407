import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { TicketApplyScreen } from '../../../features/ticket/TicketApplyScreen.tsx';
import { screenData } from '../../../state/routeData.ts';

export const Route = createFileRoute('/_auth/ticket/apply')({
  staticData: {
    readsOffline: true,
    title: msg`Dividend application`,
  },
  // `?hash=` fills the field in after a purchase here.
  // An unusable value is dropped by name: left out, the router would keep the raw one.
  validateSearch: (search: Record<string, unknown>): { hash?: string | undefined } => ({
    hash: typeof search.hash === 'string' ? search.hash.slice(0, 100) : undefined,
  }),
  loader: screenData('ticket', (q, { api, list }) => [
    q.ticketConfigOptions(api),
    list(q.ticketApplicationsSource(api)),
  ]),
  component: TicketApplyRoute,
});

function TicketApplyRoute() {
  const { hash } = Route.useSearch();
  return <TicketApplyScreen key={hash ?? ''} initialHash={hash ?? ''} />;
}
