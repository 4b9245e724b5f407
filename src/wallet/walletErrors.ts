// Turns what a wallet throws (EIP-1193 provider errors, JSON-RPC errors) into the wallet and
// network situations of spec §8. Pure, so every wallet's quirks can be table-tested.

export type WalletPhase = 'connect' | 'sign' | 'switchChain' | 'pay';

export type WalletErrorKind =
  | 'not_installed'
  | 'connect_failed'
  | 'connect_rejected'
  | 'sign_cancelled'
  | 'sign_params'
  | 'wallet_internal'
  | 'sign_failed'
  | 'insufficient_funds'
  | 'insufficient_gas'
  | 'insufficient_authorization'
  | 'pay_rejected'
  | 'pay_failed'
  | 'too_frequent'
  | 'too_many_operations'
  | 'unsupported_network'
  | 'network_error'
  | 'unknown_chain';

export class WalletError extends Error {
  override name = 'WalletError';
  readonly kind: WalletErrorKind;
  constructor(kind: WalletErrorKind, cause?: unknown) {
    super(kind, { cause });
    this.kind = kind;
  }
}

function codeOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const record = error as { code?: unknown; data?: { originalError?: { code?: unknown } } };
  // MetaMask mobile wraps 4902 inside a -32603 internal error.
  const inner = record.data?.originalError?.code;
  if (typeof inner === 'number') return inner;
  return typeof record.code === 'number' ? record.code : undefined;
}

function messageOf(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const record = error as { message: unknown; data?: { message?: unknown } };
    // Wallets relaying a node's refusal often put the node's words in `data.message`.
    const inner = typeof record.data?.message === 'string' ? ` ${record.data.message}` : '';
    return `${String(record.message)}${inner}`.toLowerCase();
  }
  return String(error).toLowerCase();
}

/** A payment the wallet or the node refused: which of spec §8's reasons it was. */
function paymentRefusal(code: number | undefined, text: string): WalletErrorKind | null {
  if (code === 4001 || /user (rejected|denied|cancel)/.test(text)) return 'pay_rejected';
  if (/insufficient funds|insufficient balance|exceeds the balance|exceeds balance/.test(text))
    return 'insufficient_funds';
  if (/gas too low|intrinsic gas|out of gas|gas required exceeds|fee cap|gas limit/.test(text))
    return 'insufficient_gas';
  if (code === 4100 || /not (been )?authori[sz]ed|unauthori[sz]ed|allowance/.test(text))
    return 'insufficient_authorization';
  // The wallet is on another chain than the one the payment is for.
  if (code === 4901 || /chain ?id|wrong (network|chain)|does not match the target chain/.test(text))
    return 'unsupported_network';
  return null;
}

export function classifyWalletError(error: unknown, phase: WalletPhase): WalletErrorKind {
  if (error instanceof WalletError) return error.kind;
  const code = codeOf(error);
  const text = messageOf(error);
  const refusal = phase === 'pay' ? paymentRefusal(code, text) : null;
  if (refusal) return refusal;
  if (code === 4001 || /user (rejected|denied|cancel)/.test(text)) {
    return phase === 'connect'
      ? 'connect_rejected'
      : phase === 'sign'
        ? 'sign_cancelled'
        : 'connect_rejected';
  }
  if (code === 4902) return 'unknown_chain';
  if (code === -32002) return 'too_many_operations';
  if (code === -32005 || code === 429 || /rate limit|too many requests/.test(text))
    return 'too_frequent';
  if (/insufficient funds|insufficient balance|gas required exceeds|allowance/.test(text)) {
    return 'insufficient_funds';
  }
  if (code === 4100 || code === 4900 || code === 4901) return 'connect_failed';
  if (code === -32602) return phase === 'sign' ? 'sign_params' : 'wallet_internal';
  if (code === -32603) return 'wallet_internal';
  if (code === 4200 && phase === 'switchChain') return 'unsupported_network';
  if (/network|timeout|failed to fetch/.test(text)) return 'network_error';
  if (phase === 'sign') return 'sign_failed';
  if (phase === 'pay') return 'pay_failed';
  if (phase === 'switchChain') return 'unsupported_network';
  return 'connect_failed';
}
