// Questions the sign-in flow asks the user mid-way. Each is a promise the dialog settles, so
// the flow reads top to bottom.
import { atom, type PrimitiveAtom } from 'jotai';
import { store } from '../../state/store.ts';
import type { ChainConfig } from '../../wallet/eip1193.ts';
import type { WalletConnection } from '../../wallet/connect.ts';

export class PromptDismissed extends Error {
  override name = 'PromptDismissed';
}

interface Pending<T, R> {
  request: T;
  resolve: (value: R) => void;
  reject: (reason: PromptDismissed) => void;
}

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
}

export const networkPromptAtom = atom<Pending<NetworkRequest, void> | null>(null);
export const invitePromptAtom = atom<Pending<InviteRequest, string> | null>(null);

type PromptAtom<T, R> = PrimitiveAtom<Pending<T, R> | null>;

function ask<T, R>(target: PromptAtom<T, R>, request: T): Promise<R> {
  store.get(target)?.reject(new PromptDismissed());
  return new Promise<R>((resolve, reject) => store.set(target, { request, resolve, reject }));
}

function settle<T, R>(target: PromptAtom<T, R>, outcome: { value: R } | null): void {
  const pending = store.get(target);
  if (!pending) return;
  store.set(target, null);
  if (outcome) pending.resolve(outcome.value);
  else pending.reject(new PromptDismissed());
}

export const askNetworkSwitch = (request: NetworkRequest) => ask(networkPromptAtom, request);
export const resolveNetworkPrompt = (switched: boolean) =>
  settle(networkPromptAtom, switched ? { value: undefined } : null);

export const askInviteCode = (request: InviteRequest) => ask(invitePromptAtom, request);
export const resolveInvitePrompt = (code: string | null) =>
  settle(invitePromptAtom, code === null ? null : { value: code });
