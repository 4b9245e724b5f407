// The home page's services: the app's main areas, as tiles.
import { msg } from '@lingui/core/macro';
// One file per icon, so only the icons used reach the bundle.
import ArrowUpFromLine from 'lucide-react/icons/arrow-up-from-line';
import Bell from 'lucide-react/icons/bell';
import CreditCard from 'lucide-react/icons/credit-card';
import Package from 'lucide-react/icons/package';
import Send from 'lucide-react/icons/send';
import Server from 'lucide-react/icons/server';
import Ticket from 'lucide-react/icons/ticket';
import Wallet from 'lucide-react/icons/wallet';
import type { NavEntry } from '../../ui/NavList.tsx';

export const homeServices: NavEntry[] = [
  { to: '/wallet', label: msg`Wallet`, icon: Wallet },
  {
    to: '/wallet/transfer',
    label: msg({
      message: 'Transfer',
      context: 'tickets',
      comment: 'Sending tickets to another JU Wallet user: not a payment, not a bank transfer.',
    }),
    icon: Send,
  },
  { to: '/withdraw', label: msg`Withdraw`, icon: ArrowUpFromLine },
  { to: '/ticket/apply', label: msg`Dividend application`, icon: Ticket },
  { to: '/node', label: msg`Node purchase`, icon: Server },
  { to: '/bank', label: msg`Card service`, icon: CreditCard },
  { to: '/notice', label: msg`Notices`, icon: Bell },
  { to: '/mall/orders', label: msg`Orders`, icon: Package },
];
