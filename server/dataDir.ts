// The data directory and the secrets kept in it: the admin token, and the 32-byte keys that
// seal data at rest (the card data key, the envelope's key-encryption key).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const ADMIN_TOKEN_FILE = 'admin-token';
const ADMIN_TOKEN_BYTES = 32;

export function ensureDataDir(dataDir: string): string {
  const absolute = path.resolve(dataDir);
  fs.mkdirSync(absolute, { recursive: true, mode: 0o700 });
  return absolute;
}

/**
 * The operator's admin token: ADMIN_TOKEN when set; otherwise the one in
 * DATA_DIR/admin-token, generated (32 random bytes, file mode 0600) on first start and
 * reused after, so the admin CLI on the same machine finds it without configuration.
 */
export function resolveAdminToken(dataDir: string, configured: string | null): string {
  if (configured) return configured;
  const file = path.join(dataDir, ADMIN_TOKEN_FILE);
  const existing = readTokenFile(file);
  if (existing) return existing;
  const token = randomBytes(ADMIN_TOKEN_BYTES).toString('base64url');
  try {
    // 'wx': never overwrite a token another process wrote in the meantime.
    fs.writeFileSync(file, `${token}\n`, { mode: 0o600, flag: 'wx' });
    return token;
  } catch (error) {
    const written = readTokenFile(file);
    if (written) return written;
    throw error;
  }
}

export function readTokenFile(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8').trim() || null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

const SECRET_KEY_BYTES = 32;

/** Where a 32-byte key comes from: its variable, else a file in DATA_DIR. */
export interface SecretKeySource {
  /** The environment variable an operator sets it with (named in errors). */
  variable: string;
  /** The file in DATA_DIR it is generated into when the variable is unset. */
  file: string;
}

/**
 * A 32-byte key: `configured` (the variable's value, base64 or 64 hex digits) when set;
 * otherwise the one in DATA_DIR/<file>, generated on first use (mode 0600) and reused after.
 * A file others on the machine can read is refused, like ssh refuses such a private key.
 */
export function resolveSecretKey(
  dataDir: string,
  configured: string | null,
  source: SecretKeySource,
): Buffer {
  if (configured) return parseSecretKey(configured, source.variable);
  const file = path.join(dataDir, source.file);
  const existing = readTokenFile(file);
  if (existing) {
    refuseLooseMode(file, source.variable);
    return parseSecretKey(existing, file);
  }
  const generated = randomBytes(SECRET_KEY_BYTES).toString('base64');
  try {
    // 'wx': never overwrite a key another process wrote in the meantime.
    fs.writeFileSync(file, `${generated}\n`, { mode: 0o600, flag: 'wx' });
    return parseSecretKey(generated, file);
  } catch (error) {
    const written = readTokenFile(file);
    if (written) return parseSecretKey(written, file);
    throw error;
  }
}

function refuseLooseMode(file: string, variable: string): void {
  if (process.platform === 'win32') return;
  const mode = fs.statSync(file).mode & 0o777;
  if (mode & 0o077)
    throw new Error(
      `${file} can be read by others (mode ${mode.toString(8)}): make it 600 (chmod 600) or set ${variable}`,
    );
}

/** A 32-byte key written as base64 or as 64 hex digits. */
export function parseSecretKey(text: string, source: string): Buffer {
  const key = /^[0-9a-fA-F]{64}$/.test(text)
    ? Buffer.from(text, 'hex')
    : Buffer.from(text, 'base64');
  if (key.length !== SECRET_KEY_BYTES)
    throw new Error(`${source} must hold a 32-byte key (base64 or 64 hex digits)`);
  return key;
}
