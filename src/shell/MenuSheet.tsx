// The side menu's sheet, loaded the first time the menu opens (or is about to).
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue, useSetAtom } from 'jotai';
import LogOut from 'lucide-react/icons/log-out';
import { useState } from 'react';
import { keepRecordsAtSignOut } from '../offline/keepOnSignOut.ts';
import { signOut } from '../signIn/signOut.ts';
import { SignInButton } from '../signIn/SignInButton.tsx';
import { lastAddressAtom } from '../state/preferences.ts';
import { sessionAtom } from '../state/session.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { shortAddress } from '../ui/format.ts';
import { NavList } from '../ui/NavList.tsx';
import { useNoticeMark } from '../realtime/noticeBadge.ts';
import { menuEntries } from './menuEntries.ts';
import { SignedInRealtimeRow } from './SignedInRealtimeRow.tsx';
import { ThemeSwitch } from './ThemeSwitch.tsx';
import './menu.css';
import '../ui/controls.css';

/** The side menu of spec §2: address, level, node, assets, invite friend, ticket buy, node buy,
 * my tickets, community, my cards. */
export function MenuSheet({ open, onClose: close }: { open: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const session = useAtomValue(sessionAtom);
  const forgetLastAddress = useSetAtom(lastAddressAtom);
  const address = session.address;
  const [keepOffline, setKeepOffline] = useState(false);
  const noticeMark = useNoticeMark();
  return (
    <Dialog open={open} title={t`Menu`} variant="sheet" onDismiss={close}>
      {address ? (
        <div className="menu-account">
          <dl className="menu-summary">
            <div>
              <dt>
                <Trans>Address</Trans>
              </dt>
              <dd className="mono nowrap">{shortAddress(address)}</dd>
            </div>
            <div>
              <dt>
                <Trans>Level</Trans>
              </dt>
              <dd>{session.user ? `V${session.user.level}` : '—'}</dd>
            </div>
            <SignedInRealtimeRow />
          </dl>
          {/* At the top, so it is visible without scrolling on a small phone. */}
          <button
            type="button"
            className="button button-ghost button-small"
            onClick={() => {
              close();
              keepRecordsAtSignOut(keepOffline ? address : null);
              // Signed out on purpose: no 'Sign in again as …' offer afterwards, unless the
              // records stay: then the address is remembered as whose records they are.
              if (!keepOffline) forgetLastAddress(null);
              // A choice for this sign-out only: the next one starts from 'off' again.
              setKeepOffline(false);
              void signOut();
            }}
          >
            <LogOut aria-hidden="true" size={18} />
            <Trans>Sign out</Trans>
          </button>
          <label className="menu-keep">
            <input
              type="checkbox"
              checked={keepOffline}
              onChange={(event) => setKeepOffline(event.target.checked)}
            />
            <Trans>Keep for reading offline</Trans>
          </label>
        </div>
      ) : (
        <SignInButton onSignedIn={close} />
      )}
      <nav aria-label={t`Menu`}>
        <NavList entries={menuEntries} className="menu-list" onNavigate={close} mark={noticeMark} />
      </nav>
      <ThemeSwitch />
    </Dialog>
  );
}
