import { describe, expect, it } from 'vitest';
import { privateKeyToAddress, signPersonalMessage } from '../../../contract/wallet/eip191.ts';
import {
  formatSiweMessage,
  SiweVerifyError,
  verifySiweMessage,
} from '../../../contract/wallet/siwe.ts';
import type {
  SiweFields,
  SiweVerifyFailure,
  SiweVerifyOptions,
} from '../../../contract/wallet/siwe.ts';
import { readVectors, siweTemplate, withoutNulls } from './vectors.ts';
import type { LooseSiweFields } from './vectors.ts';

type VerificationVector = LooseSiweFields & {
  signature: string;
  time?: string;
  domainBinding?: string;
  matchNonce?: string;
};

const positive = readVectors<Record<string, VerificationVector>>(
  'siwe/verification_positive.spruceid.json',
);
const negative = readVectors<Record<string, VerificationVector>>(
  'siwe/verification_negative.spruceid.json',
);

// What each spruceid negative vector is about; every one but the signature cases is validly signed.
const expectedFailure: Record<string, SiweVerifyFailure> = {
  'expired message': 'expired',
  'domain binding': 'domain_mismatch',
  'custom time': 'expired',
  'custom nonce': 'nonce_mismatch',
  'malformed signature': 'bad_signature',
  'wrong signature': 'bad_signature',
  'not yet valid': 'not_yet_valid',
  'invalid issuedAt': 'malformed',
  'invalid notBefore': 'malformed',
  'invalid expirationTime': 'malformed',
};

/** A vector as verifier input, bound to its own domain and nonce unless it says otherwise. */
function fromVector(vector: VerificationVector) {
  const { signature, time, domainBinding, matchNonce, ...fields } = vector;
  const opts: SiweVerifyOptions = {
    domain: domainBinding ?? String(fields.domain),
    nonce: matchNonce ?? String(fields.nonce),
    chainId: Number(fields.chainId),
    ...(time === undefined ? {} : { time: new Date(time) }),
  };
  return { fields, text: siweTemplate(fields), signature, opts };
}

function failureOf(action: () => unknown): SiweVerifyFailure {
  try {
    action();
  } catch (error) {
    if (error instanceof SiweVerifyError) return error.reason;
    throw error;
  }
  throw new Error('expected a SiweVerifyError');
}

describe('SIWE verification vectors', () => {
  it.each(Object.entries(positive))('accepts "%s"', (_, vector) => {
    const { fields, text, signature, opts } = fromVector(vector);
    expect(formatSiweMessage(withoutNulls(fields))).toBe(text);
    expect(verifySiweMessage(text, signature, opts)).toStrictEqual(withoutNulls(fields));
  });

  it('knows the reason for every negative vector', () => {
    expect(Object.keys(negative).sort()).toStrictEqual(Object.keys(expectedFailure).sort());
  });

  it.each(Object.entries(negative))('rejects "%s"', (name, vector) => {
    const { text, signature, opts } = fromVector(vector);
    expect(failureOf(() => verifySiweMessage(text, signature, opts))).toBe(expectedFailure[name]);
  });
});

describe('SIWE verification checks', () => {
  // A public test key from the eth-sig-util vectors: never for funds.
  const privateKey = '0x4545454545454545454545454545454545454545454545454545454545454545';
  const fields: SiweFields = {
    domain: 'wallet.example',
    address: privateKeyToAddress(privateKey),
    statement: 'Sign in to JU Wallet',
    uri: 'https://wallet.example/login',
    version: '1',
    chainId: 56,
    nonce: 'k3J9qLm2Xw8Rt4Vp',
    issuedAt: '2030-05-01T10:00:00Z',
    expirationTime: '2030-05-01T10:05:00Z',
    notBefore: '2030-05-01T10:00:00Z',
  };
  const message = formatSiweMessage(fields);
  const signature = signPersonalMessage(privateKey, message);
  const expected: SiweVerifyOptions = {
    domain: fields.domain,
    nonce: fields.nonce,
    chainId: fields.chainId,
    scheme: 'https',
    time: new Date('2030-05-01T10:01:00Z'),
  };
  const failure = (opts: Partial<SiweVerifyOptions>, text = message, sig = signature) =>
    failureOf(() => verifySiweMessage(text, sig, { ...expected, ...opts }));

  it('accepts the message its address signed and returns its fields', () => {
    expect(verifySiweMessage(message, signature, expected)).toStrictEqual(fields);
  });

  it('rejects a message whose nonce was already used (the server has moved on to a new one)', () => {
    expect(failure({ nonce: 'n3wN0nce4Next' })).toBe('nonce_mismatch');
  });

  it('is valid from Not Before up to, but not at, Expiration Time', () => {
    expect(failure({ time: new Date('2030-05-01T09:59:59.999Z') })).toBe('not_yet_valid');
    expect(
      verifySiweMessage(message, signature, {
        ...expected,
        time: new Date('2030-05-01T10:00:00Z'),
      }),
    ).toBeTruthy();
    expect(
      verifySiweMessage(message, signature, {
        ...expected,
        time: new Date('2030-05-01T10:04:59.999Z'),
      }),
    ).toBeTruthy();
    expect(failure({ time: new Date('2030-05-01T10:05:00Z') })).toBe('expired');
  });

  it('compares times across time-zone offsets', () => {
    const shifted = formatSiweMessage({ ...fields, expirationTime: '2030-05-01T12:05:00+02:00' });
    const shiftedSignature = signPersonalMessage(privateKey, shifted);
    expect(failure({ time: new Date('2030-05-01T10:05:00Z') }, shifted, shiftedSignature)).toBe(
      'expired',
    );
  });

  it('rejects a message for another domain, chain or scheme', () => {
    expect(failure({ domain: 'evil.example' })).toBe('domain_mismatch');
    expect(failure({ chainId: 1 })).toBe('chain_mismatch');
    expect(failure({ scheme: 'http' })).toBe('scheme_mismatch');
  });

  it('rejects a signature by another key, over other text, or in a broken form', () => {
    const otherKey = '0x6969696969696969696969696969696969696969696969696969696969696969';
    expect(failure({}, message, signPersonalMessage(otherKey, message))).toBe('bad_signature');
    const tampered = message.replace(
      'Sign in to JU Wallet',
      'Sign in to JU Wallet and approve all',
    );
    expect(failure({}, tampered)).toBe('bad_signature');
    expect(failure({}, message, signature.slice(0, -2))).toBe('bad_signature');
    expect(failure({}, message, '0x')).toBe('bad_signature');
  });

  it('rejects malformed text and keeps the parse error as the cause', () => {
    expect(() => verifySiweMessage(message.toLowerCase(), signature, expected)).toThrow(
      expect.objectContaining({
        reason: 'malformed',
        cause: expect.objectContaining({ name: 'SiweParseError' }),
      }),
    );
  });
});
