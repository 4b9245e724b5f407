import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import {
  hashPersonalMessage,
  privateKeyToAddress,
  recoverPersonalSignAddress,
  signPersonalMessage,
} from '../../../contract/wallet/eip191.ts';
import { readVectors } from './vectors.ts';

interface PersonalSignVector {
  label: string;
  privateKey: string;
  message?: string;
  messageHex?: string;
  signature: string;
  address: string;
}

const { vectors } = readVectors<{ vectors: PersonalSignVector[] }>('eip191/personal_sign.json');
const messageOf = (vector: PersonalSignVector) =>
  vector.message ?? hexToBytes((vector.messageHex ?? '').replace(/^0x/, ''));

describe('personal_sign vectors', () => {
  it.each(vectors)('$label: recovers the signer', (vector) => {
    const recovered = recoverPersonalSignAddress(messageOf(vector), vector.signature);
    expect(recovered.toLowerCase()).toBe(vector.address.toLowerCase());
    expect(privateKeyToAddress(vector.privateKey)).toBe(recovered);
  });

  it.each(vectors)('$label: re-signing gives the identical signature', (vector) => {
    expect(signPersonalMessage(vector.privateKey, messageOf(vector))).toBe(vector.signature);
  });
});

describe('signature handling', () => {
  const vector = vectors[0]!;
  const message = messageOf(vector);
  const signature = hexToBytes(vector.signature.slice(2));
  const withV = (v: number) =>
    `0x${bytesToHex(signature.subarray(0, 64))}${v.toString(16).padStart(2, '0')}`;

  it('hashes a string as its UTF-8 bytes', () => {
    expect(hashPersonalMessage('héllo')).toEqual(
      hashPersonalMessage(new TextEncoder().encode('héllo')),
    );
    expect(hashPersonalMessage('a')).not.toEqual(hashPersonalMessage('b'));
  });

  it('accepts v written as 0/1 as well as 27/28', () => {
    const v = signature[64]!;
    expect(recoverPersonalSignAddress(message, withV(v - 27)).toLowerCase()).toBe(vector.address);
  });

  it('rejects a recovery byte that is neither 0/1 nor 27/28', () => {
    expect(() => recoverPersonalSignAddress(message, withV(29))).toThrow();
    expect(() => recoverPersonalSignAddress(message, withV(2))).toThrow();
  });

  it('rejects the malleated high-s twin of a valid signature', () => {
    const { r, s } = secp256k1.Signature.fromBytes(signature.subarray(0, 64), 'compact');
    const twin = new secp256k1.Signature(r, secp256k1.Point.CURVE().n - s).toBytes('compact');
    const flippedV = signature[64] === 27 ? 28 : 27;
    expect(() =>
      recoverPersonalSignAddress(message, `0x${bytesToHex(twin)}${flippedV.toString(16)}`),
    ).toThrow(/high s/);
  });

  it.each([
    ['too short', vector.signature.slice(0, -2)],
    ['too long', `${vector.signature}00`],
    ['no 0x prefix', vector.signature.slice(2)],
    ['not hex', `0x${'zz'.repeat(65)}`],
    ['r = 0', `0x${'00'.repeat(32)}${vector.signature.slice(66)}`],
  ])('rejects a signature that is %s', (_, bad) => {
    expect(() => recoverPersonalSignAddress(message, bad)).toThrow();
  });

  it('rejects a private key that is not 32 bytes of hex', () => {
    expect(() => signPersonalMessage('0x1234', 'hi')).toThrow();
  });
});
