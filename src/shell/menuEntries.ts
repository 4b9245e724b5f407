// Spec §2 side menu entries: they load with the menu, so the first screen carries none of the
// icons only the menu shows.
import { msg } from '@lingui/core/macro';
import Bell from 'lucide-react/icons/bell';
import CircleUser from 'lucide-react/icons/circle-user';
import Cpu from 'lucide-react/icons/cpu';
import CreditCard from 'lucide-react/icons/credit-card';
import HandCoins from 'lucide-react/icons/hand-coins';
import House from 'lucide-react/icons/house';
import Landmark from 'lucide-react/icons/landmark';
import Package from 'lucide-react/icons/package';
import Server from 'lucide-react/icons/server';
import Ticket from 'lucide-react/icons/ticket';
import Tickets from 'lucide-react/icons/tickets';
import UserPlus from 'lucide-react/icons/user-plus';
import Users from 'lucide-react/icons/users';
import Wallet from 'lucide-react/icons/wallet';
import type { NavEntry } from '../ui/NavList.tsx';

/**
 * Home, then spec §2 menu entries (address and level are shown above the list), each going
 * somewhere of its own and named as the page it opens (menuNames.test.ts): 'node' is the
 * user's node power (the compute log), 'assets' the wallet, 'node buy' the purchase. Then the
 * screens the home page has no tile for, and the user's own pages.
 */
export const menuEntries: NavEntry[] = [
  { to: '/index', label: msg`Home`, icon: House, open: true },
  { to: '/power', label: msg`Compute log`, icon: Cpu },
  { to: '/wallet', label: msg`Wallet`, icon: Wallet },
  { to: '/user', hash: 'invite', label: msg`Invite friend`, icon: UserPlus },
  { to: '/ticket/buy', label: msg`Ticket buy`, icon: Ticket },
  { to: '/node', label: msg`Node purchase`, icon: Server },
  { to: '/ticket/mine', label: msg`Purchased tickets`, icon: Tickets },
  { to: '/user', hash: 'team', label: msg`Community`, icon: Users },
  { to: '/mineCard', label: msg`My cards`, icon: CreditCard },
  { to: '/bank', label: msg`Card service`, icon: Landmark },
  { to: '/mall/orders', label: msg`Orders`, icon: Package },
  { to: '/enuRelease', label: msg`Dividend release`, icon: HandCoins },
  { to: '/notice', label: msg`Notices`, icon: Bell },
  { to: '/user', label: msg`User centre`, icon: CircleUser },
];
