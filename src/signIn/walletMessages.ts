// The words for each wallet and network situation of spec §8.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { WalletErrorKind } from '../wallet/walletErrors.ts';

export const walletMessages: Record<WalletErrorKind, MessageDescriptor> = {
  not_installed: msg`Wallet not installed. Open this page in your wallet's browser or install a wallet.`,
  connect_failed: msg`Wallet connection failed, try again`,
  connect_rejected: msg`You rejected the connection`,
  sign_cancelled: msg`Signature cancelled`,
  sign_params: msg`Signature parameter error, please refresh`,
  wallet_internal: msg`Wallet internal error, please refresh`,
  sign_failed: msg`Signing failed`,
  insufficient_funds: msg`Payment failed: insufficient funds`,
  insufficient_gas: msg`Payment failed: insufficient gas`,
  insufficient_authorization: msg`Payment failed: insufficient authorization`,
  pay_rejected: msg`You rejected the payment`,
  pay_failed: msg`Payment failed, try again`,
  too_frequent: msg`Too frequent requests, try later`,
  too_many_operations: msg`Too many operations, try later`,
  unsupported_network: msg`Unsupported network`,
  network_error: msg`Network error, retry`,
  unknown_chain: msg`Unsupported network`,
};
