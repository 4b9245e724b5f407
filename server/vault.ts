// Encryption at rest for the card service: identity data, photos and card numbers are
// sealed with AES-256-GCM under one server key. The key comes from CARD_DATA_KEY (32 bytes
// as base64 or hex) or, when unset, from DATA_DIR/card-data-key, generated on first use
// (mode 0600). Each sealed value is bound to what it belongs to (additional data such as
// "holder-identity:<user>:<holder>"), so a value copied onto another row does not open.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { resolveSecretKey } from './dataDir.ts';

export const CARD_DATA_KEY_FILE = 'card-data-key';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const FORMAT_VERSION = 1;

export interface Vault {
  sealText(plain: string, binding: string): string;
  openText(sealed: string, binding: string): string;
  sealBytes(plain: Uint8Array, binding: string): Buffer;
  openBytes(sealed: Uint8Array, binding: string): Buffer;
  /** A 32-byte key for another purpose (e.g. the PIN pepper), derived from the data key. */
  derivedKey(purpose: string): Buffer;
}

const vaults = new Map<string, Vault>();

/** The vault for this data directory and configured key (one key read per process). */
export function vaultFor(dataDir: string, configuredKey: string | null): Vault {
  const cacheKey = `${dataDir}\0${configuredKey ?? ''}`;
  let vault = vaults.get(cacheKey);
  if (!vault) {
    vault = createVault(resolveKey(dataDir, configuredKey));
    vaults.set(cacheKey, vault);
  }
  return vault;
}

export function createVault(key: Buffer): Vault {
  if (key.length !== KEY_BYTES) throw new Error('The card data key must be 32 bytes');
  const seal = (plain: Uint8Array, binding: string): Buffer => {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(binding, 'utf8'));
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    return Buffer.concat([Buffer.of(FORMAT_VERSION), iv, cipher.getAuthTag(), body]);
  };
  const open = (sealed: Uint8Array, binding: string): Buffer => {
    const bytes = Buffer.from(sealed);
    if (bytes.length < 1 + IV_BYTES + TAG_BYTES || bytes[0] !== FORMAT_VERSION)
      throw new Error('Not a sealed value');
    const iv = bytes.subarray(1, 1 + IV_BYTES);
    const tag = bytes.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAAD(Buffer.from(binding, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([
      decipher.update(bytes.subarray(1 + IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]);
  };
  return {
    sealText: (plain, binding) => seal(Buffer.from(plain, 'utf8'), binding).toString('base64'),
    openText: (sealed, binding) => open(Buffer.from(sealed, 'base64'), binding).toString('utf8'),
    sealBytes: seal,
    openBytes: open,
    derivedKey: (purpose) =>
      Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), `ju-wallet ${purpose}`, KEY_BYTES)),
  };
}

function resolveKey(dataDir: string, configured: string | null): Buffer {
  return resolveSecretKey(dataDir, configured, {
    variable: 'CARD_DATA_KEY',
    file: CARD_DATA_KEY_FILE,
  });
}
