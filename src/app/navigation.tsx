// The app's navigation lists, written once: the side menu of spec §2 and the home services.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Link, type LinkProps } from '@tanstack/react-router';

export interface NavEntry {
  to: NonNullable<LinkProps['to']>;
  hash?: string;
  label: MessageDescriptor;
}

/** Spec §2 menu entries (address and level are shown above the list). */
export const menuEntries: NavEntry[] = [
  { to: '/node', label: msg`Node` },
  { to: '/wallet', label: msg`Assets` },
  { to: '/user', hash: 'invite', label: msg`Invite friend` },
  { to: '/ticket/apply', label: msg`Ticket buy` },
  { to: '/node', label: msg`Node buy` },
  { to: '/enuRelease', label: msg`My tickets` },
  { to: '/user', hash: 'team', label: msg`Community` },
  { to: '/mineCard', label: msg`My cards` },
  { to: '/notice', label: msg`Notices` },
  { to: '/user', label: msg`User centre` },
];

export const homeServices: NavEntry[] = [
  { to: '/wallet', label: msg`Wallet` },
  { to: '/wallet/transfer', label: msg`Transfer` },
  { to: '/withdraw', label: msg`Withdraw` },
  { to: '/ticket/apply', label: msg`Ticket application` },
  { to: '/node', label: msg`Node purchase` },
  { to: '/bank', label: msg`Card service` },
  { to: '/notice', label: msg`Notices` },
  { to: '/mall/orders', label: msg`Orders` },
];

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
  return (
    <ul className={className}>
      {entries.map((entry) => (
        <li key={`${entry.to}#${entry.hash ?? ''}:${entry.label.id}`}>
          <Link to={entry.to} hash={entry.hash} onClick={onNavigate}>
            {i18n._(entry.label)}
          </Link>
        </li>
      ))}
    </ul>
  );
}
