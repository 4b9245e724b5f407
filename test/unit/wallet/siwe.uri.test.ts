import { describe, expect, it } from 'vitest';
import { privateKeyToAddress, signPersonalMessage } from '../../../contract/wallet/eip191.ts';
import {
  formatSiweMessage,
  SiweVerifyError,
  verifySiweMessage,
} from '../../../contract/wallet/siwe.ts';

describe('SIWE verification of the URI', () => {
  // A public test key from the eth-sig-util vectors: never for funds.
  const privateKey = '0x4545454545454545454545454545454545454545454545454545454545454545';
  const signed = (uri: string) => {
    const message = formatSiweMessage({
      domain: 'wallet.example',
      address: privateKeyToAddress(privateKey),
      uri,
      version: '1',
      chainId: 1,
      nonce: 'k3J9qLm2Xw8Rt4Vp',
      issuedAt: '2030-05-01T10:00:00Z',
    });
    return [message, signPersonalMessage(privateKey, message)] as const;
  };
  const time = new Date('2030-05-01T10:01:00Z');

  it('accepts the URI the relying party issued', () => {
    const [message, signature] = signed('https://wallet.example');
    expect(verifySiweMessage(message, signature, { uri: 'https://wallet.example', time }).uri).toBe(
      'https://wallet.example',
    );
  });

  it('refuses any other URI, scheme or path with uri_mismatch', () => {
    for (const uri of [
      'https://evil.example',
      'http://wallet.example',
      'ftp://wallet.example',
      'https://wallet.example/login',
    ]) {
      const [message, signature] = signed(uri);
      let reason: string | undefined;
      try {
        verifySiweMessage(message, signature, { uri: 'https://wallet.example', time });
      } catch (error) {
        if (error instanceof SiweVerifyError) reason = error.reason;
      }
      expect(reason, uri).toBe('uri_mismatch');
    }
  });
});
