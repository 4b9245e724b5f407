// Where the admin tool finds the server and its admin token, the same for every command.
import path from 'node:path';
import { ADMIN_TOKEN_FILE, readTokenFile } from '../dataDir.ts';

export type Env = Record<string, string | undefined>;

export interface AdminConnection {
  apiUrl: string;
  token: string;
}

/** The connection, or why there is none (no token), in words for the operator. */
export function adminConnection(env: Env): AdminConnection | { problem: string } {
  const apiUrl = env.API_URL?.trim() || `http://127.0.0.1:${env.PORT?.trim() || '8080'}`;
  const file = path.resolve(env.DATA_DIR?.trim() || './data', ADMIN_TOKEN_FILE);
  const token = env.ADMIN_TOKEN?.trim() || readTokenFile(file);
  if (!token) {
    return {
      problem: `No admin token: set ADMIN_TOKEN, or DATA_DIR to the server's data directory (looked for ${file}).`,
    };
  }
  return { apiUrl, token };
}
