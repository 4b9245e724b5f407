// The slice of EIP-1193 the app uses, so the rest of the code never sees a wallet library.
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] | object }): Promise<unknown>;
  on?(event: string, listener: (...args: unknown[]) => void): void;
  removeListener?(event: string, listener: (...args: unknown[]) => void): void;
}

export interface ChainConfig {
  id: number;
  name: string;
  rpcUrl: string;
  tokenSymbol: string;
  explorerUrl?: string;
}

export function toHexChainId(id: number): string {
  return `0x${id.toString(16)}`;
}

export function parseChainId(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string')
    return value.startsWith('0x') ? Number.parseInt(value, 16) : Number(value);
  return Number.NaN;
}
