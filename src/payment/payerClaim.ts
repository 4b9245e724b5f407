// A purchase sent from another of the user's wallets is theirs to apply with once that wallet
// signs a short claim (server/chain/payerClaim.ts). The app asks the wallet to connect that
// account too, then to sign with it; meanwhile the account change does not end the session.
import { paymentClaimMessage } from '../../contract/api/chain.ts';
import { offerAccountChoice, signMessageAs } from '../wallet/connect.ts';
import { chainFromConfig } from '../config/chain.ts';
import { whileWalletWatchPaused } from '../signIn/walletWatch.ts';
import { defaultPaymentDeps } from './defaultPaymentDeps.ts';

export async function signPayerClaim(claim: {
  hash: string;
  sender: string;
  account: string;
}): Promise<string> {
  const connection = await defaultPaymentDeps.wallet();
  const message = paymentClaimMessage({ ...claim, chainId: chainFromConfig().id });
  return whileWalletWatchPaused(async () => {
    await offerAccountChoice(connection.provider);
    return signMessageAs(connection.provider, claim.sender, message);
  });
}
