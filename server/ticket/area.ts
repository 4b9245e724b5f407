// Tickets bought on chain, and dividend applications.
import type { ServerArea } from '../area.ts';
import { ticketAdminRoutes } from './adminRoutes.ts';
import { ticketRoutes } from './routes.ts';
import { ticketPaymentHandler } from './tickets.ts';

export const ticketArea: ServerArea = {
  name: 'ticket',
  routes: [...ticketRoutes, ...ticketAdminRoutes],
  paymentPurposes: { ticket: ticketPaymentHandler },
};
