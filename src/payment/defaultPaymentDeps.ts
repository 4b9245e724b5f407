// The real parts a payment uses: the signed-in wallet, the configured chain, the session's
// address, the wrong-network prompt and the real clock.
import { lastWalletAtom } from '../state/preferences.ts';
import { addressAtom } from '../state/session.ts';
import { store } from '../state/store.ts';
import { activeWallet } from '../wallet/activeWallet.ts';
import { connectWallet } from '../wallet/connect.ts';
import { realDelay } from '../wallet/transactions.ts';
import { askNetworkSwitch, askWalletChoice } from '../signIn/prompts.ts';
import { chainFromConfig } from '../config/chain.ts';
import { watchWallet } from '../signIn/walletWatch.ts';
import type { PaymentDeps } from './paymentFlow.ts';

/** The page kept the session but lost the wallet object (rare): connect the same wallet again. */
async function reconnect() {
  const connection = await connectWallet(chainFromConfig(), {
    choose: askWalletChoice,
    preferred: store.get(lastWalletAtom) ?? undefined,
  });
  watchWallet(connection);
  return connection;
}

export const defaultPaymentDeps: PaymentDeps = {
  wallet: async () => activeWallet() ?? reconnect(),
  chain: chainFromConfig,
  address: () => store.get(addressAtom),
  askNetworkSwitch,
  delay: realDelay,
};
