// The request envelope's keys (docs/protocol.md "Request envelope", "Keys and rotation"): X25519 key pairs in the
// database (envelope_keys), so every process on one PostgreSQL opens the same requests. The
// secret halves are stored sealed under a key-encryption key kept outside the database
// (keySeal.ts): the database alone opens nothing.
//
// - One key is current (retires_at null). A rotation — every ENVELOPE_KEY_ROTATE_DAYS by the
//   job envelope_key_rotate, or by hand with `npm run admin -- envelope rotate` — makes a new
//   current key and gives the previous one ENVELOPE_KEY_GRACE_SECONDS, during which both are
//   live and both are published in /config.json; after that it is refused as unknown_key,
//   and the job deletes it within the hour.
// - A process starting with the envelope on and no current key creates one. Creating,
//   rotating and sealing anew hold a lock (PostgreSQL: an advisory transaction lock), so
//   processes starting together create one key between them.
// - At start every process seals anew the keys stored in the clear (by earlier releases) or
//   under the previous key-encryption key (sealStoredKeys).
// - Each process holds the live keys in memory (the secret key as a ready KeyObject, via
//   nodeCrypto), reloads them every 30 s, and once more, at most every 5 s, when a request
//   names a key id it does not hold (a rotation made by another process).
import { sql } from 'kysely';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { BackgroundJob } from '../backgroundJob.ts';
import type { AppDatabase } from '../db/database.ts';
import { inTransaction } from '../db/transaction.ts';
import { gatewayKeyOf, type EnvelopeCrypto } from '../../contract/api/envelope/envelopeMessage.ts';
import { encodeKeyConfigList, type GatewayKey } from '../../contract/api/envelope/ohttp.ts';
import { KEY_LIST_ENCODING } from '../../contract/api/envelope/transport.ts';
import { keySealFor, type KeySeal } from './keySeal.ts';
import { nodeCrypto } from './nodeCrypto.ts';

/** How often each process reads the live keys again. */
export const KEY_RELOAD_MS = 30_000;
/** The least time between two reloads asked for by requests naming an unknown key id. */
export const UNKNOWN_KEY_RELOAD_MS = 5_000;
/** The first key id a database gets; each rotation takes the next free one, modulo 256. */
const FIRST_KEY_ID = 1;
const KEY_IDS = 256;
/** The first key of the keys' advisory lock ('JUEK'); the second is 1. */
const KEY_LOCK_SPACE = 0x4a55_454b;

/** A key as the operator sees it: never its secret. */
export interface EnvelopeKeyInfo {
  keyId: number;
  /** The X25519 public key, hex. */
  publicKey: string;
  createdAt: string;
  retiresAt: string | null;
  /** current: sealed to by default; retiring: still accepted until retiresAt; retired: no more. */
  status: 'current' | 'retiring' | 'retired';
}

interface LiveKey {
  /** Key id and public key: what identifies a key pair across reloads. */
  readonly id: string;
  readonly key: GatewayKey;
  /** Milliseconds since 1970; Infinity for the current key. */
  readonly retiresAtMs: number;
}

export interface EnvelopeKeys {
  /** The live key with this id, as openRequest asks for it; undefined when there is none. */
  find(keyId: number): GatewayKey | undefined;
  /**
   * Called when a request names a key id this process holds no live key with: reloads
   * the keys, unless that was done within UNKNOWN_KEY_RELOAD_MS (then it waits for nothing).
   */
  reloadForUnknown(): Promise<void>;
  /** /config.json's `server_public_key`: the live keys' configurations, current first. */
  published(): string;
  /** Reads the live keys from the database now. */
  reload(): Promise<void>;
  /** A new current key; the current one retires after the grace period. Reloads. */
  rotate(): Promise<EnvelopeKeyInfo[]>;
  /** Every stored key, newest first, for the operator. */
  list(): Promise<EnvelopeKeyInfo[]>;
  /** Stops the periodic reload. */
  stop(): void;
}

export interface EnvelopeKeyOptions {
  db: AppDatabase;
  crypto: EnvelopeCrypto;
  /** Seals the secret keys at rest (keySeal.ts). */
  seal: KeySeal;
  now: () => Date;
  graceSeconds: number;
  /** Where a failed periodic reload is reported (the keys in memory stay as they were). */
  warn: (error: unknown) => void;
}

type KeyRow = {
  key_id: bigint;
  secret_key: string;
  public_key: string;
  created_at: string;
  retires_at: string | null;
};

function isLive(row: KeyRow, now: Date): boolean {
  return row.retires_at === null || row.retires_at > now.toISOString();
}

function infoOf(row: KeyRow, now: Date): EnvelopeKeyInfo {
  return {
    keyId: Number(row.key_id),
    publicKey: row.public_key,
    createdAt: row.created_at,
    retiresAt: row.retires_at,
    status: row.retires_at === null ? 'current' : isLive(row, now) ? 'retiring' : 'retired',
  };
}

/** Current first, then the retiring ones, the latest to retire first. */
function newestFirst(a: KeyRow, b: KeyRow): number {
  if (a.retires_at === b.retires_at) return b.created_at.localeCompare(a.created_at);
  if (a.retires_at === null) return -1;
  if (b.retires_at === null) return 1;
  return b.retires_at.localeCompare(a.retires_at);
}

/** Runs `work` holding the keys' lock, so processes create or rotate one at a time. */
function withKeyLock<T>(db: AppDatabase, work: (trx: AppDatabase) => Promise<T>): Promise<T> {
  return inTransaction(db, async (trx) => {
    if (trx.dialect === 'postgres')
      await sql`SELECT pg_advisory_xact_lock(${KEY_LOCK_SPACE}::int, 1)`.execute(trx.kysely);
    return work(trx);
  });
}

async function readKeys(db: AppDatabase): Promise<KeyRow[]> {
  const rows = await db.kysely.selectFrom('envelope_keys').selectAll().execute();
  return rows.sort(newestFirst);
}

/** The next key id after the current one that no stored key holds. */
function nextKeyId(rows: readonly KeyRow[]): number {
  const taken = new Set(rows.map((row) => Number(row.key_id)));
  const current = rows.find((row) => row.retires_at === null);
  const after = current ? Number(current.key_id) : Math.max(FIRST_KEY_ID - 1, ...taken);
  for (let step = 1; step <= KEY_IDS; step++) {
    const id = (after + step) % KEY_IDS;
    if (!taken.has(id)) return id;
  }
  throw new Error('Every envelope key id (0–255) is live: wait for the retiring keys to expire');
}

function identity(row: Pick<KeyRow, 'key_id' | 'public_key'>) {
  return { keyId: Number(row.key_id), publicKey: row.public_key };
}

async function insertKey(
  trx: AppDatabase,
  crypto: EnvelopeCrypto,
  seal: KeySeal,
  keyId: number,
  now: Date,
) {
  const secret = crypto.randomBytes(32);
  const publicKey = bytesToHex(crypto.x25519KeyPair(secret).publicKey);
  await trx.kysely
    .insertInto('envelope_keys')
    .values({
      key_id: BigInt(keyId),
      secret_key: seal.seal(secret, { keyId, publicKey }),
      public_key: publicKey,
      created_at: now.toISOString(),
      retires_at: null,
    })
    .execute();
}

/** Creates a current key unless there is one; safe when several processes start at once. */
export async function ensureCurrentKey(
  db: AppDatabase,
  crypto: EnvelopeCrypto,
  seal: KeySeal,
  now: Date,
): Promise<void> {
  await withKeyLock(db, async (trx) => {
    const rows = await readKeys(trx);
    if (rows.some((row) => row.retires_at === null)) return;
    const id = nextKeyId(rows.filter((row) => isLive(row, now)));
    await trx.kysely.deleteFrom('envelope_keys').where('key_id', '=', BigInt(id)).execute();
    await insertKey(trx, crypto, seal, id, now);
  });
}

/** Deletes the keys past their grace: no request opens with them, and no backup keeps them. */
function deleteDeadKeys(trx: AppDatabase, now: Date) {
  return trx.kysely
    .deleteFrom('envelope_keys')
    .where('retires_at', '<=', now.toISOString())
    .execute();
}

async function rotateLocked(
  trx: AppDatabase,
  crypto: EnvelopeCrypto,
  seal: KeySeal,
  now: Date,
  graceSeconds: number,
): Promise<void> {
  // Keys past their grace are dead: their ids may be taken again.
  await deleteDeadKeys(trx, now);
  const rows = await readKeys(trx);
  const id = nextKeyId(rows);
  await trx.kysely
    .updateTable('envelope_keys')
    .set({ retires_at: new Date(now.getTime() + graceSeconds * 1000).toISOString() })
    .where('retires_at', 'is', null)
    .execute();
  await insertKey(trx, crypto, seal, id, now);
}

/** A new current key; the previous current key retires `graceSeconds` from now. */
export async function rotateKeys(
  db: AppDatabase,
  crypto: EnvelopeCrypto,
  seal: KeySeal,
  now: Date,
  graceSeconds: number,
): Promise<void> {
  await withKeyLock(db, (trx) => rotateLocked(trx, crypto, seal, now, graceSeconds));
}

/**
 * The schedule's step: deletes dead keys, and rotates when the current key is `rotateDays`
 * old (0: never). True when it rotated.
 */
export async function rotateWhenDue(
  db: AppDatabase,
  crypto: EnvelopeCrypto,
  seal: KeySeal,
  now: Date,
  { rotateDays, graceSeconds }: { rotateDays: number; graceSeconds: number },
): Promise<boolean> {
  return withKeyLock(db, async (trx) => {
    await deleteDeadKeys(trx, now);
    if (rotateDays === 0) return false;
    const current = (await readKeys(trx)).find((row) => row.retires_at === null);
    const dueAt = current ? Date.parse(current.created_at) + rotateDays * 86_400_000 : -Infinity;
    // No current key (the envelope was never on here): nothing to rotate.
    if (!current || dueAt > now.getTime()) return false;
    await rotateLocked(trx, crypto, seal, now, graceSeconds);
    return true;
  });
}

/**
 * Seals anew every stored key kept in the clear or under the previous key-encryption key;
 * how many. Throws KeySealError for a key this process cannot open: it holds another
 * key-encryption key than the one that sealed it.
 */
export async function sealStoredKeys(db: AppDatabase, seal: KeySeal): Promise<number> {
  const stored = await db.kysely.selectFrom('envelope_keys').select('key_id').executeTakeFirst();
  if (!stored) return 0;
  return withKeyLock(db, async (trx) => {
    let sealed = 0;
    for (const row of await readKeys(trx)) {
      const { secret, stale } = seal.open(row.secret_key, identity(row));
      if (!stale) continue;
      await trx.kysely
        .updateTable('envelope_keys')
        .set({ secret_key: seal.seal(secret, identity(row)) })
        .where('key_id', '=', row.key_id)
        .execute();
      sealed += 1;
    }
    return sealed;
  });
}

/** Every stored key, current first, as the operator sees them. */
export async function listKeys(db: AppDatabase, now: Date): Promise<EnvelopeKeyInfo[]> {
  return (await readKeys(db)).map((row) => infoOf(row, now));
}

function gatewayKey(crypto: EnvelopeCrypto, seal: KeySeal, row: KeyRow): GatewayKey {
  const keyPair = crypto.x25519KeyPair(seal.open(row.secret_key, identity(row)).secret);
  return gatewayKeyOf(Number(row.key_id), keyPair);
}

/**
 * The keys of a server with the envelope on: creates the first one if needed, loads the live
 * ones and reloads them every KEY_RELOAD_MS.
 */
export async function startEnvelopeKeys(options: EnvelopeKeyOptions): Promise<EnvelopeKeys> {
  const { db, crypto, seal, now } = options;
  let live: LiveKey[] = [];
  // Kept across reloads: a key's KeyObject is built once, and the list encoded once.
  const built = new Map<string, GatewayKey>();
  let publishedFor = '';
  let publishedList = '';
  let reloading: Promise<void> | null = null;
  let lastUnknownReloadMs = -Infinity;

  const load = async () => {
    const rows = await readKeys(db);
    const at = now();
    live = rows
      .filter((row) => isLive(row, at))
      .map((row) => {
        const id = `${row.key_id}:${row.public_key}`;
        let key = built.get(id);
        if (!key) {
          key = gatewayKey(crypto, seal, row);
          built.set(id, key);
        }
        return {
          id,
          key,
          retiresAtMs: row.retires_at === null ? Infinity : Date.parse(row.retires_at),
        };
      });
    for (const id of built.keys()) if (!live.some((entry) => entry.id === id)) built.delete(id);
  };
  const reload = () =>
    (reloading ??= load().finally(() => {
      reloading = null;
    }));

  await ensureCurrentKey(db, crypto, seal, now());
  await reload();
  const timer = setInterval(() => {
    reload().catch(options.warn);
  }, KEY_RELOAD_MS);
  timer.unref();

  const liveNow = () => {
    const nowMs = now().getTime();
    return live.filter((entry) => entry.retiresAtMs > nowMs);
  };

  const list = () => listKeys(db, now());

  return {
    find(keyId) {
      const nowMs = now().getTime();
      return live.find((entry) => entry.key.config.keyId === keyId && entry.retiresAtMs > nowMs)
        ?.key;
    },
    async reloadForUnknown() {
      if (reloading) return reloading;
      // The real clock: this spaces out database reads, whatever the server's clock says.
      const nowMs = Date.now();
      if (nowMs - lastUnknownReloadMs < UNKNOWN_KEY_RELOAD_MS) return;
      lastUnknownReloadMs = nowMs;
      await reload();
    },
    published() {
      const entries = liveNow();
      const ids = entries.map((entry) => entry.id).join(',');
      if (ids !== publishedFor) {
        const configs = entries.map((entry) => entry.key.config);
        publishedList = Buffer.from(encodeKeyConfigList(configs)).toString(KEY_LIST_ENCODING);
        publishedFor = ids;
      }
      return publishedList;
    },
    reload,
    async rotate() {
      await rotateKeys(db, crypto, seal, now(), options.graceSeconds);
      await reload();
      return list();
    },
    list,
    stop() {
      clearInterval(timer);
    },
  };
}

/**
 * Every hour, once across the processes sharing the database, with the envelope on: deletes
 * the keys past their grace and rotates the current one once it is ENVELOPE_KEY_ROTATE_DAYS
 * old (this process then publishes the new key at once; the others within 30 s).
 */
export const keyRotateJob: BackgroundJob = {
  name: 'envelope_key_rotate',
  logAs: 'envelope key rotation',
  intervalMs: (settings) => (settings.envelope ? 60 * 60_000 : null),
  async run(context) {
    const { settings } = context;
    const rotated = await rotateWhenDue(
      context.db,
      context.envelope?.crypto ?? nodeCrypto(),
      keySealFor(settings),
      context.now(),
      {
        rotateDays: settings.envelopeKeyRotateDays,
        graceSeconds: settings.envelopeKeyGraceSeconds,
      },
    );
    if (rotated) await context.envelope?.keys.reload();
    return rotated;
  },
};
