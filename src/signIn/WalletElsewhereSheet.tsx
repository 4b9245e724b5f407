// No wallet in this browser (the home-screen app, a phone's ordinary browser, a desktop
// without an extension): the sheet offers the ways that still lead in. On a phone, one tap
// opens this page, invite code included, in a wallet app's browser; on a desktop, a QR code of
// the page for a phone wallet to scan, and the link to copy. WalletConnect, when the operator
// offers it.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { CopyButton } from '../ui/CopyButton.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { QrCode } from '../ui/QrCode.tsx';
import { WALLET_APPS, type WalletAppId } from '../wallet/walletApps.ts';
import { resolveWalletElsewhere, walletElsewherePromptAtom } from './prompts.ts';
import '../ui/controls.css';

// Brand names; a translation uses the name the wallet itself shows in that language.
const WALLET_NAMES: Record<WalletAppId, MessageDescriptor> = {
  metamask: msg({ message: 'MetaMask', comment: 'A wallet app’s name.' }),
  trust: msg({ message: 'Trust Wallet', comment: 'A wallet app’s name.' }),
  tokenpocket: msg({ message: 'TokenPocket', comment: 'A wallet app’s name.' }),
  imtoken: msg({ message: 'imToken', comment: 'A wallet app’s name.' }),
  okx: msg({ message: 'OKX Wallet', comment: 'A wallet app’s name.' }),
  bitget: msg({ message: 'Bitget Wallet', comment: 'A wallet app’s name.' }),
};

/** A computer, where wallet apps are not installed: a phone scans the page instead. */
export function onDesktop(): boolean {
  const phone = /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent);
  return !phone && window.matchMedia('(pointer: fine)').matches;
}

export function WalletElsewhereSheet() {
  const { t, i18n } = useLingui();
  const request = useAtomValue(walletElsewherePromptAtom);
  const desktop = request !== null && onDesktop();
  return (
    <Dialog
      open={request !== null}
      title={t`Open in your wallet`}
      variant="sheet"
      onDismiss={() => resolveWalletElsewhere(null)}
    >
      {request && (
        <div className="wallet-elsewhere" data-testid="wallet-elsewhere">
          {desktop ? (
            <>
              <p className="dialog-message">
                <Trans>
                  No wallet in this browser. Scan this code with the wallet app on your phone to
                  open this page there, or install a wallet extension.
                </Trans>
              </p>
              <div className="wallet-elsewhere-qr">
                <QrCode value={request.pageUrl} label={t`QR code of this page`} />
              </div>
            </>
          ) : (
            <>
              <p className="dialog-message">
                <Trans>
                  No wallet in this browser. Open this page in your wallet app to sign in: your
                  invite code comes along.
                </Trans>
              </p>
              <ul className="wallet-list">
                {WALLET_APPS.map((app) => {
                  const name = i18n._(WALLET_NAMES[app.id]);
                  return (
                    <li key={app.id}>
                      <a
                        className="wallet-choice"
                        href={app.link(request.pageUrl)}
                        data-wallet={app.id}
                        rel="noopener noreferrer"
                      >
                        <img src={`/icons/wallets/${app.id}.svg`} alt="" width={32} height={32} />
                        <span>
                          <Trans>Open in {name}</Trans>
                        </span>
                      </a>
                    </li>
                  );
                })}
              </ul>
            </>
          )}
          <div className="wallet-elsewhere-link">
            <code className="wallet-elsewhere-url">{request.pageUrl}</code>
            <CopyButton value={request.pageUrl} label={t`Copy link`} copiedText={t`Link copied`} />
          </div>
          {request.walletConnect && (
            <button
              type="button"
              className="button button-ghost button-block"
              onClick={() => resolveWalletElsewhere('walletconnect')}
            >
              <Trans>Connect with WalletConnect</Trans>
            </button>
          )}
        </div>
      )}
    </Dialog>
  );
}
