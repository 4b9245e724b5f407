import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { signOut } from '../../features/auth/signOut.ts';
import { SignInButton } from '../../features/auth/SignInButton.tsx';
import { sessionAtom } from '../../state/session.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { shortAddress } from '../../ui/format.ts';
import { ThemeSwitch } from './ThemeSwitch.tsx';

/** The side menu of spec §2: address, level, node, assets, invite friend, ticket buy, node buy,
 * my tickets, community, my cards. */
export function Menu() {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const session = useAtomValue(sessionAtom);
  const close = () => setOpen(false);
  const address = session.address;

  return (
    <>
      <button
        type="button"
        className="icon-button"
        aria-label={t`Menu`}
        onClick={() => setOpen(true)}
      >
        <span aria-hidden="true">☰</span>
      </button>
      <Dialog open={open} title={t`Menu`} variant="sheet" onDismiss={close}>
        {address ? (
          <dl className="menu-summary">
            <div>
              <dt>
                <Trans>Address</Trans>
              </dt>
              <dd className="mono">{shortAddress(address)}</dd>
            </div>
            <div>
              <dt>
                <Trans>Level</Trans>
              </dt>
              <dd>{session.user ? `V${session.user.level}` : '—'}</dd>
            </div>
          </dl>
        ) : (
          <SignInButton />
        )}
        <nav aria-label={t`Menu`}>
          <ul className="menu-list" onClick={close}>
            <li>
              <Link to="/node">
                <Trans>Node</Trans>
              </Link>
            </li>
            <li>
              <Link to="/wallet">
                <Trans>Assets</Trans>
              </Link>
            </li>
            <li>
              <Link to="/user" hash="invite">
                <Trans>Invite friend</Trans>
              </Link>
            </li>
            <li>
              <Link to="/ticket/apply">
                <Trans>Ticket buy</Trans>
              </Link>
            </li>
            <li>
              <Link to="/node">
                <Trans>Node buy</Trans>
              </Link>
            </li>
            <li>
              <Link to="/enuRelease">
                <Trans>My tickets</Trans>
              </Link>
            </li>
            <li>
              <Link to="/user" hash="team">
                <Trans>Community</Trans>
              </Link>
            </li>
            <li>
              <Link to="/mineCard">
                <Trans>My cards</Trans>
              </Link>
            </li>
            <li>
              <Link to="/notice">
                <Trans>Notices</Trans>
              </Link>
            </li>
            <li>
              <Link to="/user">
                <Trans>User centre</Trans>
              </Link>
            </li>
          </ul>
        </nav>
        <ThemeSwitch />
        {address && (
          <button
            type="button"
            className="button button-ghost button-block"
            onClick={() => {
              close();
              void signOut();
            }}
          >
            <Trans>Sign out</Trans>
          </button>
        )}
      </Dialog>
    </>
  );
}
