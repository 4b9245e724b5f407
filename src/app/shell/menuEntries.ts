// Spec §2 side menu entries: they load with the menu, so the first screen carries none of the
// icons only the menu shows.
import { msg } from '@lingui/core/macro';
import Bell from 'lucide-react/icons/bell';
import CircleUser from 'lucide-react/icons/circle-user';
import CreditCard from 'lucide-react/icons/credit-card';
import Network from 'lucide-react/icons/network';
import Server from 'lucide-react/icons/server';
import Ticket from 'lucide-react/icons/ticket';
import UserPlus from 'lucide-react/icons/user-plus';
import Users from 'lucide-react/icons/users';
import Wallet from 'lucide-react/icons/wallet';
import type { NavEntry } from '../navigation.tsx';

/** Spec §2 menu entries (address and level are shown above the list). */
export const menuEntries: NavEntry[] = [
  { to: '/node', label: msg`Node`, icon: Network },
  { to: '/wallet', label: msg`Assets`, icon: Wallet },
  { to: '/user', hash: 'invite', label: msg`Invite friend`, icon: UserPlus },
  { to: '/ticket/buy', label: msg`Ticket buy`, icon: Ticket },
  { to: '/node', label: msg`Node buy`, icon: Server },
  { to: '/ticket/mine', label: msg`My tickets`, icon: Ticket },
  { to: '/user', hash: 'team', label: msg`Community`, icon: Users },
  { to: '/mineCard', label: msg`My cards`, icon: CreditCard },
  { to: '/notice', label: msg`Notices`, icon: Bell },
  { to: '/user', label: msg`User centre`, icon: CircleUser },
];
