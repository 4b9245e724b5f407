// A list of navigation links, as the home services (features/home/homeServices.ts) and the
// side menu of spec §2 (shell/menuEntries.ts) draw them.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Link, type LinkProps } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import type { LucideIcon } from 'lucide-react';
import Lock from 'lucide-react/icons/lock';
import { tokenAtom } from '../state/session.ts';

export interface NavEntry {
  to: NonNullable<LinkProps['to']>;
  hash?: string;
  label: MessageDescriptor;
  icon: LucideIcon;
  /** Open to anyone (Home); every other entry needs a sign-in. */
  open?: boolean;
}

/** An entry to mark with a dot (an unread notice), and what the dot says to a screen reader. */
export interface NavMark {
  to: string;
  label: string;
}

/** A list of links; signed out, each one that needs a sign-in is marked so. */
export function NavList({
  entries,
  className,
  onNavigate,
  mark,
}: {
  entries: NavEntry[];
  className: string;
  onNavigate?: () => void;
  mark?: NavMark | undefined;
}) {
  const { i18n } = useLingui();
  const signedIn = useAtomValue(tokenAtom) !== null;
  const needsSignIn = i18n._(msg`Sign-in needed`);
  return (
    <ul className={className}>
      {entries.map(({ icon: Icon, open, ...entry }) => (
        <li key={`${entry.to}#${entry.hash ?? ''}:${entry.label.id}`}>
          <Link to={entry.to} hash={entry.hash} onClick={onNavigate}>
            <Icon className="nav-icon" aria-hidden="true" size={22} />
            <span className="nav-label">{i18n._(entry.label)}</span>
            {mark?.to === entry.to && (
              <span className="unread-dot" role="img" aria-label={mark.label} />
            )}
            {!signedIn && !open && (
              <Lock className="nav-lock" role="img" aria-label={needsSignIn} size={14} />
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
}
