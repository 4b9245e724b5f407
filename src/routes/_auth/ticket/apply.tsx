import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { TicketApplyScreen } from '../../../features/ticket/TicketApplyScreen.tsx';

export const Route = createFileRoute('/_auth/ticket/apply')({
  staticData: {
    title: msg`Ticket application`,
  },
  // `?hash=` fills the field in after a purchase here.
  validateSearch: (search: Record<string, unknown>): { hash?: string } =>
    typeof search.hash === 'string' ? { hash: search.hash.slice(0, 100) } : {},
  component: TicketApplyRoute,
});

function TicketApplyRoute() {
  const { hash } = Route.useSearch();
  return <TicketApplyScreen key={hash ?? ''} initialHash={hash ?? ''} />;
}
