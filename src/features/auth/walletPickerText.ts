import { t } from '@lingui/core/macro';
import { currentLocale } from '../../i18n/current.ts';
import type { WalletPickerText } from '../../wallet/walletPicker.ts';

export function walletPickerText(): WalletPickerText {
  return {
    locale: currentLocale(),
    connectYourWallet: t`Connect your wallet`,
    availableWallets: t`Available wallets`,
    availableWallet: t`Available wallet`,
    accountSelected: t`Account selected`,
    approveConnection: t`Approve the connection`,
    approveInWallet: t`Please approve the connection in your wallet.`,
    connecting: t`Connecting…`,
    connectionRejected: t`Connection rejected`,
    tryAgain: t`Tap here to try again`,
    backToWallets: t`Back to wallets`,
    connected: t`Connected`,
    connectionSuccessful: t`Connection successful`,
  };
}
