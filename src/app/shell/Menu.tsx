import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { signOut } from '../../features/auth/signOut.ts';
import { SignInButton } from '../../features/auth/SignInButton.tsx';
import { sessionAtom } from '../../state/session.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { shortAddress } from '../../ui/format.ts';
import { menuEntries, NavList } from '../navigation.tsx';
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
          <NavList entries={menuEntries} className="menu-list" onNavigate={close} />
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
