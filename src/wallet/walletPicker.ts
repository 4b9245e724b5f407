/** The words of the wallet picker, in the user's language (the picker ships English only). */
export interface WalletPickerText {
  locale: string;
  connectYourWallet: string;
  availableWallets: string;
  availableWallet: string;
  accountSelected: string;
  approveConnection: string;
  approveInWallet: string;
  connecting: string;
  connectionRejected: string;
  tryAgain: string;
  backToWallets: string;
  connected: string;
  connectionSuccessful: string;
}
