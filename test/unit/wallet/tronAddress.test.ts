import { describe, expect, it } from 'vitest';
import { isTronAddress, tronAddressToHex } from '../../../contract/wallet/tronAddress.ts';
import { readVectors } from './vectors.ts';

interface TronVectors {
  valid_base58: string[];
  invalid: string[];
  invalid_derived: { value: string; why: string }[];
  hex_pairs: { base58: string; hex: string; evm: string }[];
}

const vectors = readVectors<TronVectors>('tron/tron_addresses.json');

describe('TRON address vectors', () => {
  it.each(vectors.valid_base58)('accepts %s', (address) => {
    expect(isTronAddress(address)).toBe(true);
  });

  it.each(vectors.invalid)('rejects %s', (address) => {
    expect(isTronAddress(address)).toBe(false);
  });

  it.each(vectors.invalid_derived)('rejects $why', ({ value }) => {
    expect(isTronAddress(value)).toBe(false);
  });

  it.each(vectors.hex_pairs)('decodes $base58 to $hex', ({ base58, hex }) => {
    expect(tronAddressToHex(base58)).toBe(hex);
  });

  it('rejects an EVM address and a one-character change', () => {
    const [first] = vectors.valid_base58 as [string];
    expect(isTronAddress('0x7619c24bb5804bcfd71fb5b0edb1d9c6dc6a6309')).toBe(false);
    const flipped = first.slice(0, 10) + (first[10] === 'a' ? 'b' : 'a') + first.slice(11);
    expect(isTronAddress(flipped)).toBe(false);
  });
});
