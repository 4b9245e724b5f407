// The envelope's secret keys at rest: each sealed (AES-256-GCM, card/vault.ts) under a
// key-encryption key kept outside the database, as the card data key is — from
// ENVELOPE_KEY_SECRET, or DATA_DIR/envelope-key-secret, generated on first use. Whoever reads
// the database, a backup of it included, finds no key that opens a request. Every process on
// one database must hold the same one: a key it cannot open stops it at start.
//
// A sealed key is stored as `sealed:` and the vault's base64, bound to its row (key id and
// public key), so a sealed key copied onto another row does not open. A key still in the
// clear (64 hex digits, as releases before this one stored them) opens as it is and is
// sealed at start (sealStoredKeys, keys.ts); so is one sealed under the previous
// key-encryption key (ENVELOPE_KEY_SECRET_PREVIOUS) while that one is being rotated out.
import { hexToBytes } from '@noble/hashes/utils.js';
import { createVault, type Vault } from '../vault.ts';
import type { ServerSettings } from '../config.ts';
import { parseSecretKey, resolveSecretKey } from '../dataDir.ts';

export const ENVELOPE_KEY_SECRET_FILE = 'envelope-key-secret';
const SEALED_PREFIX = 'sealed:';
const CLEAR_KEY = /^[0-9a-f]{64}$/;

/** Which key a stored secret belongs to: what it is bound to. */
export interface KeyIdentity {
  keyId: number;
  /** The X25519 public key, hex. */
  publicKey: string;
}

export interface OpenedSecret {
  /** The 32-byte X25519 secret key. */
  secret: Uint8Array;
  /** True when it was stored in the clear or under the previous key: it is to be sealed anew. */
  stale: boolean;
}

export interface KeySeal {
  /** The stored form of `secret`, sealed under the current key-encryption key. */
  seal(secret: Uint8Array, key: KeyIdentity): string;
  /** The secret key of a stored one; throws KeySealError when no key held here opens it. */
  open(stored: string, key: KeyIdentity): OpenedSecret;
}

export class KeySealError extends Error {
  override name = 'KeySealError';
}

function binding(key: KeyIdentity): string {
  return `envelope-key:${key.keyId}:${key.publicKey}`;
}

/** A seal under `current`, opening what `previous` sealed too (while it is rotated out). */
export function createKeySeal(current: Buffer, previous: Buffer | null = null): KeySeal {
  const vaults: [Vault, boolean][] = [[createVault(current), false]];
  if (previous) vaults.push([createVault(previous), true]);
  return {
    seal: (secret, key) =>
      SEALED_PREFIX + vaults[0]![0].sealBytes(secret, binding(key)).toString('base64'),
    open(stored, key) {
      if (CLEAR_KEY.test(stored)) return { secret: hexToBytes(stored), stale: true };
      if (!stored.startsWith(SEALED_PREFIX))
        throw new KeySealError(`envelope key ${key.keyId}: not a stored key`);
      const sealed = Buffer.from(stored.slice(SEALED_PREFIX.length), 'base64');
      for (const [vault, stale] of vaults) {
        try {
          return { secret: new Uint8Array(vault.openBytes(sealed, binding(key))), stale };
        } catch {
          // Not this one: the next, if any.
        }
      }
      throw new KeySealError(
        `envelope key ${key.keyId} was sealed with another key-encryption key: every process ` +
          'on one database needs the same ENVELOPE_KEY_SECRET (or the same ' +
          `DATA_DIR/${ENVELOPE_KEY_SECRET_FILE}); while rotating it, set the old one as ` +
          'ENVELOPE_KEY_SECRET_PREVIOUS',
      );
    },
  };
}

const seals = new Map<string, KeySeal>();

/** The seal of these settings: the key read (or generated) once per process. */
export function keySealFor(
  settings: Pick<ServerSettings, 'dataDir' | 'envelopeKeySecret' | 'envelopeKeySecretPrevious'>,
): KeySeal {
  const { dataDir, envelopeKeySecret, envelopeKeySecretPrevious } = settings;
  const cacheKey = [dataDir, envelopeKeySecret ?? '', envelopeKeySecretPrevious ?? ''].join('\0');
  let seal = seals.get(cacheKey);
  if (!seal) {
    const current = resolveSecretKey(dataDir, envelopeKeySecret, {
      variable: 'ENVELOPE_KEY_SECRET',
      file: ENVELOPE_KEY_SECRET_FILE,
    });
    const previous = envelopeKeySecretPrevious
      ? parseSecretKey(envelopeKeySecretPrevious, 'ENVELOPE_KEY_SECRET_PREVIOUS')
      : null;
    seal = createKeySeal(current, previous);
    seals.set(cacheKey, seal);
  }
  return seal;
}
