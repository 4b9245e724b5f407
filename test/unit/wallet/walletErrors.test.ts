import { describe, expect, it } from 'vitest';
import {
  classifyWalletError,
  WalletError,
  type WalletErrorKind,
  type WalletPhase,
} from '../../../src/wallet/walletErrors.ts';

describe('wallet errors (spec §8)', () => {
  it.each<[string, unknown, WalletPhase, WalletErrorKind]>([
    [
      '4001 on connect',
      { code: 4001, message: 'User rejected the request.' },
      'connect',
      'connect_rejected',
    ],
    [
      '4001 on sign',
      { code: 4001, message: 'User denied message signature' },
      'sign',
      'sign_cancelled',
    ],
    ['text-only rejection (older wallets)', new Error('User rejected'), 'sign', 'sign_cancelled'],
    [
      '4902 unknown chain',
      { code: 4902, message: 'Unrecognized chain' },
      'switchChain',
      'unknown_chain',
    ],
    [
      '4902 wrapped in -32603 (MetaMask mobile)',
      { code: -32603, message: 'x', data: { originalError: { code: 4902 } } },
      'switchChain',
      'unknown_chain',
    ],
    [
      '-32002 request pending',
      { code: -32002, message: 'Request already pending' },
      'connect',
      'too_many_operations',
    ],
    ['-32005 limit exceeded', { code: -32005, message: 'limit exceeded' }, 'sign', 'too_frequent'],
    [
      '-32602 bad params on sign',
      { code: -32602, message: 'Invalid params' },
      'sign',
      'sign_params',
    ],
    ['-32603 internal', { code: -32603, message: 'Internal error' }, 'sign', 'wallet_internal'],
    [
      'insufficient funds',
      { code: -32000, message: 'insufficient funds for gas * price + value' },
      'pay',
      'insufficient_funds',
    ],
    ['4100 unauthorized', { code: 4100, message: 'Unauthorized' }, 'connect', 'connect_failed'],
    ['4900 disconnected', { code: 4900, message: 'Disconnected' }, 'sign', 'connect_failed'],
    [
      '4200 on switch',
      { code: 4200, message: 'Unsupported method' },
      'switchChain',
      'unsupported_network',
    ],
    ['network trouble', new Error('Failed to fetch'), 'connect', 'network_error'],
    ['anything else on sign', { code: 1234, message: '?' }, 'sign', 'sign_failed'],
    ['anything else on connect', 'weird', 'connect', 'connect_failed'],
    ['a WalletError keeps its kind', new WalletError('not_installed'), 'connect', 'not_installed'],
  ])('%s', (_label, error, phase, kind) => {
    expect(classifyWalletError(error, phase)).toBe(kind);
  });
});
