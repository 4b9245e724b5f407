// Card PINs are kept only as a slow, salted, keyed hash, never in clear, never logged.
// A 6-digit PIN has a million values: salt and scrypt alone would let anyone holding a copy
// of the database try them all in hours. So the PIN is first keyed with HMAC-SHA256 under a
// pepper derived from the card data key, which lives outside the database (DATA_DIR or the
// environment): the database alone is not enough to test a single guess.
import { createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

export const PIN_HASH_SCHEME = 'scrypt-hmac';
// N = 2^15, r = 8: about 32 MiB and tens of milliseconds per hash — slow for anyone who
// also has the key, fast enough for a user.
const COST = 1 << 15;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 32;
const SALT_BYTES = 16;
const MAX_MEMORY = 64 * 1024 * 1024;

function derive(pin: string, pepper: Buffer, salt: Buffer) {
  const keyed = createHmac('sha256', pepper).update(pin, 'utf8').digest();
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(
      keyed,
      salt,
      KEY_LENGTH,
      { N: COST, r: BLOCK_SIZE, p: PARALLELISM, maxmem: MAX_MEMORY },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/** `scrypt-hmac$N$r$p$salt$hash` (base64); `pepper` from the card data key. */
export async function hashPin(pin: string, pepper: Buffer): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(pin, pepper, salt);
  return [
    PIN_HASH_SCHEME,
    COST,
    BLOCK_SIZE,
    PARALLELISM,
    salt.toString('base64'),
    key.toString('base64'),
  ].join('$');
}

/** Constant-time check of a PIN against a stored hash of this scheme and these parameters. */
export async function verifyPin(pin: string, stored: string, pepper: Buffer): Promise<boolean> {
  const [scheme, cost, blockSize, parallelism, salt, hash] = stored.split('$');
  // Only our own parameters: a stored value must not choose how much work a check costs.
  if (
    scheme !== PIN_HASH_SCHEME ||
    cost !== String(COST) ||
    blockSize !== String(BLOCK_SIZE) ||
    parallelism !== String(PARALLELISM) ||
    !salt ||
    !hash
  )
    return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(pin, pepper, Buffer.from(salt, 'base64'));
  return key.length === expected.length && timingSafeEqual(key, expected);
}
