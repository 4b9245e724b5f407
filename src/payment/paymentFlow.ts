// The wallet half of every payment (tickets, cycles, nodes, the JU withdrawal fee): make sure
// the wallet is on our chain and ask it to pay the treasury. What the chain then does with the
// transaction, the server follows. Plain functions over injected parts, so tests run them on
// fake time.
import { currentChainId, type WalletConnection } from '../wallet/connect.ts';
import type { ChainConfig } from '../wallet/eip1193.ts';
import { type Delay, sendTransaction } from '../wallet/transactions.ts';
import { WalletError } from '../wallet/walletErrors.ts';
import { PromptDismissed } from '../ui/prompt.ts';
import type { NetworkRequest } from '../signIn/prompts.ts';

export interface PaymentDeps {
  /** The wallet the user signed in with (reconnected when the page lost it). */
  wallet: () => Promise<WalletConnection>;
  chain: () => ChainConfig;
  /** The signed-in address: the payment must come from it. */
  address: () => string | null;
  /** The wrong-network prompt; resolves once the wallet switched. */
  askNetworkSwitch: (request: NetworkRequest) => Promise<void>;
  /** The timer between the app's looks (injectable: tests run on fake time). */
  delay: Delay;
}

export interface TreasuryPayment {
  treasury: string;
  /** Decimal JU. */
  amount: string;
}

async function onOurChain(deps: PaymentDeps, connection: WalletConnection): Promise<void> {
  const chain = deps.chain();
  const current = await currentChainId(connection.provider).catch(() => connection.chainId);
  if (current === chain.id) return;
  try {
    await deps.askNetworkSwitch({ chain, connection, currentChainId: current });
  } catch (error) {
    if (error instanceof PromptDismissed) throw new WalletError('unsupported_network', error);
    throw error;
  }
  connection.chainId = chain.id;
}

/** Asks the wallet to pay; answers the transaction hash. `onAsking` fires as the wallet asks. */
export async function payTreasury(
  deps: PaymentDeps,
  payment: TreasuryPayment,
  onAsking: () => void,
): Promise<string> {
  const connection = await deps.wallet();
  await onOurChain(deps, connection);
  onAsking();
  return sendTransaction(connection.provider, {
    from: deps.address() ?? connection.address,
    to: payment.treasury,
    amount: payment.amount,
  });
}

/** A link to the transaction on the chain's explorer, when the chain has one. */
export function explorerTransactionUrl(chain: ChainConfig, hash: string): string | null {
  return chain.explorerUrl ? `${chain.explorerUrl.replace(/\/+$/, '')}/tx/${hash}` : null;
}
