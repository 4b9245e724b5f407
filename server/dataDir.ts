// The data directory and the admin token kept in it.
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
