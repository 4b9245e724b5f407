// Questions the sign-in flow asks the user mid-way, on the shared prompt mechanism.
import { createPrompt } from '../ui/prompt.ts';
import type { ChainConfig } from '../wallet/eip1193.ts';
import type { WalletChoice, WalletConnection } from '../wallet/connect.ts';

export { PromptDismissed } from '../ui/prompt.ts';

export interface NetworkRequest {
  chain: ChainConfig;
  connection: WalletConnection;
  /** The chain the wallet is on now. */
  currentChainId: number;
}

export interface InviteRequest {
  /** The server's words on why a code is needed. */
  reason: string;
  initialCode: string;
  /**
   * Tries a typed code; answers the problem to show under the field, or null when the code
   * is good. The dialog stays open until a code passes, so a typo costs no new signature.
   */
  check: (code: string) => Promise<string | null>;
}

const networkPrompt = createPrompt<NetworkRequest, void>();
const walletPrompt = createPrompt<WalletChoice[], string>();
const invitePrompt = createPrompt<InviteRequest, string>();

/** No wallet in this browser: how else the visitor can sign in. */
export interface WalletElsewhereRequest {
  /** The page to open in a wallet app (pageToOpen). */
  pageUrl: string;
  /** Offer WalletConnect (an operator configured a project id). */
  walletConnect: boolean;
}
/** The only answer that goes on here: connect through WalletConnect. */
export type WalletElsewhereChoice = 'walletconnect';
const walletElsewherePrompt = createPrompt<WalletElsewhereRequest, WalletElsewhereChoice>();

export const networkPromptAtom = networkPrompt.requestAtom;
export const invitePromptAtom = invitePrompt.requestAtom;

export const askNetworkSwitch = (request: NetworkRequest) => networkPrompt.ask(request);
export const resolveNetworkPrompt = (switched: boolean) =>
  switched ? networkPrompt.answer() : networkPrompt.dismiss();

export const walletPromptAtom = walletPrompt.requestAtom;
export const askWalletChoice = (wallets: WalletChoice[]) => walletPrompt.ask(wallets);
export const resolveWalletPrompt = (label: string | null) =>
  label === null ? walletPrompt.dismiss() : walletPrompt.answer(label);

export const askInviteCode = (request: InviteRequest) => invitePrompt.ask(request);
export const resolveInvitePrompt = (code: string | null) =>
  code === null ? invitePrompt.dismiss() : invitePrompt.answer(code);
export const failInvitePrompt = (error: unknown) => invitePrompt.fail(error);

export const walletElsewherePromptAtom = walletElsewherePrompt.requestAtom;
export const askWalletElsewhere = (request: WalletElsewhereRequest) =>
  walletElsewherePrompt.ask(request);
export const resolveWalletElsewhere = (choice: WalletElsewhereChoice | null) =>
  choice === null ? walletElsewherePrompt.dismiss() : walletElsewherePrompt.answer(choice);
