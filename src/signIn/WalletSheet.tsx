import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { Dialog } from '../ui/Dialog.tsx';
import { resolveWalletPrompt, walletPromptAtom } from './prompts.ts';
import '../ui/controls.css';

/** Our own wallet list: a bottom sheet of the wallets this browser has, shown only for two or more. */
export function WalletSheet() {
  const { t } = useLingui();
  const wallets = useAtomValue(walletPromptAtom);
  const count = wallets?.length ?? 0;
  return (
    <Dialog
      open={wallets !== null}
      title={t`Choose a wallet`}
      variant="sheet"
      onDismiss={() => resolveWalletPrompt(null)}
    >
      <p className="dialog-message">
        <Trans>{count} wallets found in this browser. Which one do you want to sign in with?</Trans>
      </p>
      <ul className="wallet-list">
        {wallets?.map((wallet) => (
          <li key={wallet.label}>
            <button
              type="button"
              className="wallet-choice"
              onClick={() => resolveWalletPrompt(wallet.label)}
            >
              {wallet.icon && <img src={wallet.icon} alt="" width={32} height={32} />}
              <span>{wallet.label}</span>
            </button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
