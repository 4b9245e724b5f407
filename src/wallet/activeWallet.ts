// The wallet the user signed in with, kept for payments: a payment goes through the same
// wallet and account that signed the session's message. Memory only, like the session.
import type { WalletConnection } from './connect.ts';

let active: WalletConnection | null = null;

export function setActiveWallet(connection: WalletConnection | null): void {
  active = connection;
}

export function activeWallet(): WalletConnection | null {
  return active;
}
