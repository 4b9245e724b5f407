// The request envelope's state in a running server: its primitives, its keys and this
// process's nonce cache. It exists only while the envelope is on (ENVELOPE, or a public
// PUBLIC_URL: config.ts); main.ts starts it, and the server context carries it.
import type { EnvelopeCrypto } from '../../contract/api/envelope/envelopeMessage.ts';
import type { AppDatabase } from '../db/database.ts';
import type { KeySeal } from './keySeal.ts';
import { startEnvelopeKeys, type EnvelopeKeys } from './keys.ts';
import { nodeCrypto } from './nodeCrypto.ts';
import { NonceCache, WritesOutsideTransactions } from './nonces.ts';

export interface EnvelopeService {
  readonly crypto: EnvelopeCrypto;
  readonly keys: EnvelopeKeys;
  readonly nonces: NonceCache;
  /** Routes whose writes store their nonce before they run (nonces.ts, runWrite). */
  readonly writesOutsideTransactions: WritesOutsideTransactions;
  stop(): void;
}

declare module '../context.ts' {
  interface ServerContext {
    /** The request envelope; undefined while it is off (then /config.json says so). */
    readonly envelope?: EnvelopeService;
  }
}

export interface EnvelopeServiceOptions {
  db: AppDatabase;
  /** Seals the secret keys at rest (keySeal.ts). */
  seal: KeySeal;
  now: () => Date;
  graceSeconds: number;
  warn: (error: unknown, what: string) => void;
}

export async function startEnvelope(options: EnvelopeServiceOptions): Promise<EnvelopeService> {
  const crypto = nodeCrypto();
  const keys = await startEnvelopeKeys({
    db: options.db,
    crypto,
    seal: options.seal,
    now: options.now,
    graceSeconds: options.graceSeconds,
    warn: (error) => options.warn(error, 'envelope key reload'),
  });
  return {
    crypto,
    keys,
    nonces: new NonceCache(),
    writesOutsideTransactions: new WritesOutsideTransactions(),
    stop: () => keys.stop(),
  };
}
