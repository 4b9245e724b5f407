// The app's navigation lists, written once: the home services here, the side menu of spec §2
// in shell/menuEntries.ts (it loads with the menu, icons and all).
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Link, type LinkProps } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import type { LucideIcon } from 'lucide-react';
// One file per icon, so only the icons used reach the bundle.
import ArrowUpFromLine from 'lucide-react/icons/arrow-up-from-line';
import Bell from 'lucide-react/icons/bell';
import CreditCard from 'lucide-react/icons/credit-card';
import Lock from 'lucide-react/icons/lock';
import Package from 'lucide-react/icons/package';
import Send from 'lucide-react/icons/send';
import Server from 'lucide-react/icons/server';
import Ticket from 'lucide-react/icons/ticket';
import Wallet from 'lucide-react/icons/wallet';
import { tokenAtom } from '../state/session.ts';

export interface NavEntry {
  to: NonNullable<LinkProps['to']>;
  hash?: string;
  label: MessageDescriptor;
  icon: LucideIcon;
}

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
  { to: '/ticket/apply', label: msg`Ticket application`, icon: Ticket },
  { to: '/node', label: msg`Node purchase`, icon: Server },
  { to: '/bank', label: msg`Card service`, icon: CreditCard },
  { to: '/notice', label: msg`Notices`, icon: Bell },
  { to: '/mall/orders', label: msg`Orders`, icon: Package },
];

/** A list of links; signed out, each is marked as needing sign-in (every entry does). */
export function NavList({
  entries,
  className,
  onNavigate,
}: {
  entries: NavEntry[];
  className: string;
  onNavigate?: () => void;
}) {
  const { i18n } = useLingui();
  const signedIn = useAtomValue(tokenAtom) !== null;
  const needsSignIn = i18n._(msg`Sign-in needed`);
  return (
    <ul className={className}>
      {entries.map(({ icon: Icon, ...entry }) => (
        <li key={`${entry.to}#${entry.hash ?? ''}:${entry.label.id}`}>
          <Link to={entry.to} hash={entry.hash} onClick={onNavigate}>
            <Icon className="nav-icon" aria-hidden="true" size={22} />
            <span className="nav-label">{i18n._(entry.label)}</span>
            {!signedIn && (
              <Lock className="nav-lock" role="img" aria-label={needsSignIn} size={14} />
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
}
