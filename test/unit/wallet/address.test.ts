import { describe, expect, it } from 'vitest';
import {
  isChecksumAddress,
  isHexAddress,
  isValidAddress,
  sameAddress,
  toChecksumAddress,
} from '../../../contract/wallet/address.ts';
import { readVectors } from './vectors.ts';

interface Eip55Vectors {
  valid: { all_caps: string[]; all_lower: string[]; normal: string[] };
  invalid_tampered: string[];
  invalid_misc: string[];
}

const vectors = readVectors<Eip55Vectors>('eip55/eip55_addresses.json');
const allValid = [...vectors.valid.all_caps, ...vectors.valid.all_lower, ...vectors.valid.normal];

describe('EIP-55 vectors', () => {
  it.each(allValid)('accepts %s', (address) => {
    expect(isValidAddress(address)).toBe(true);
  });

  it.each(vectors.valid.normal)('%s carries its own checksum', (address) => {
    expect(isChecksumAddress(address)).toBe(true);
    expect(toChecksumAddress(address.toLowerCase())).toBe(address);
    expect(toChecksumAddress(address.toUpperCase().replace('0X', '0x'))).toBe(address);
  });

  // The ERC-55 list picks single-case addresses whose checksum happens to be single-case.
  it.each([...vectors.valid.all_caps, ...vectors.valid.all_lower])(
    '%s is its own checksum',
    (address) => {
      expect(toChecksumAddress(address)).toBe(address);
    },
  );

  it.each(vectors.valid.normal)('%s in lower case is valid but not checksummed', (address) => {
    const lower = address.toLowerCase();
    expect(isValidAddress(lower)).toBe(true);
    expect(isChecksumAddress(lower)).toBe(false);
  });

  it.each(vectors.invalid_tampered)('rejects the one-letter case flip %s', (address) => {
    expect(isHexAddress(address)).toBe(true);
    expect(isValidAddress(address)).toBe(false);
  });

  it.each(vectors.invalid_misc)('rejects %s', (address) => {
    expect(isValidAddress(address)).toBe(false);
    expect(isChecksumAddress(address)).toBe(false);
  });
});

describe('address helpers', () => {
  const [checksummed] = vectors.valid.normal as [string];

  it('needs the 0x prefix and exactly 40 hex digits', () => {
    expect(isHexAddress(checksummed.slice(2))).toBe(false);
    expect(isHexAddress(`0X${checksummed.slice(2)}`)).toBe(false);
    expect(isHexAddress(`${checksummed}0`)).toBe(false);
    expect(isHexAddress(` ${checksummed}`)).toBe(false);
  });

  it('refuses to checksum a non-address', () => {
    expect(() => toChecksumAddress('validators.eth')).toThrow();
  });

  it('compares addresses case-insensitively and never matches a non-address', () => {
    expect(sameAddress(checksummed, checksummed.toLowerCase())).toBe(true);
    expect(sameAddress(checksummed, vectors.valid.normal[1]!)).toBe(false);
    expect(sameAddress('validators.eth', 'VALIDATORS.ETH')).toBe(false);
  });

  it('keeps answering every vector correctly while many other addresses pass through', () => {
    const all = [...vectors.valid.normal, ...vectors.valid.all_caps, ...vectors.valid.all_lower];
    for (let round = 0; round < 3; round++) {
      for (const address of all) {
        expect(toChecksumAddress(address.toLowerCase())).toBe(address);
      }
      // More distinct addresses than the memo keeps, so it is cleared along the way.
      for (let index = 0; index < 1_500; index++) {
        toChecksumAddress(`0x${index.toString(16).padStart(40, '0')}`);
      }
    }
  });
});
