import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { CycleScreen } from '../../../features/cycle/CycleScreen.tsx';
import { screenData } from '../../../state/routeData.ts';

export const Route = createFileRoute('/_auth/ticket/cycle')({
  staticData: {
    readsOffline: true,
    title: msg`Mutual-aid cycle`,
  },
  // `?ticket=` picks the ticket chosen on 'my tickets'.
  // An unusable value is dropped by name: left out, the router would keep the raw one.
  validateSearch: (search: Record<string, unknown>): { ticket?: string | undefined } => ({
    ticket:
      typeof search.ticket === 'string' && /^\d{1,18}$/.test(search.ticket)
        ? search.ticket
        : undefined,
  }),
  loader: screenData('cycle', (q, { api, list }) => [
    q.cycleConfigOptions(api),
    list(q.cycleListSource(api)),
  ]),
  component: CycleRoute,
});

function CycleRoute() {
  const { ticket } = Route.useSearch();
  return <CycleScreen initialTicket={ticket} />;
}
