// What the hub learns from the database once a transaction commits, on every server process
// (fanout.ts listens): a user's events up to some offset committed, a broadcast committed, or
// sessions ended. A signal only says where to look: the events themselves are read from the
// table, so a signal lost or repeated loses or repeats nothing.
//
// On PostgreSQL a signal is a NOTIFY on one channel, which PostgreSQL delivers only at commit
// (the event functions of migration 0011 send theirs; session ends are sent from here). On
// SQLite, one process by nature, it goes to that process's listeners after the commit
// (db/transaction.ts afterCommit); a rolled-back transaction sends nothing either way.
import { sql, type Kysely } from 'kysely';
import type { AppDatabase } from '../db/database.ts';
import { executePipelined } from '../db/pipeline.ts';
import type { DatabaseSchema } from '../db/schema.ts';
import { afterCommit, rootOf } from '../db/transaction.ts';

export type RealtimeSignal =
  /** The user's events up to `offset` have committed. */
  | { type: 'event'; userId: bigint; offset: bigint }
  /** A broadcast committed: each user's copy is made when their events are next read. */
  | { type: 'broadcast' }
  /** These sessions ended: their sockets close with 1000, their cached copies go. */
  | { type: 'sessionsEnded'; sessionIds: bigint[] }
  /**
   * Sent after other signals in one transaction: each process answers it once it has heard
   * them (fanout.ts), so the sender knows when every process has (auth/sessionCache.ts).
   */
  | { type: 'barrier'; tag: string }
  /** The process whose listener is PostgreSQL backend `listener` has heard up to `tag`. */
  | { type: 'barrierHeard'; tag: string; listener: number };

/** The NOTIFY channel (migration 0011's functions name it too). */
export const SIGNAL_CHANNEL = 'ju_realtime';

/** NOTIFY payloads must stay under 8000 bytes: session ids go in chunks well below. */
const MAX_PAYLOAD = 4000;

export function encodeSignals(signals: readonly RealtimeSignal[]): string[] {
  const payloads: string[] = [];
  for (const signal of signals) {
    if (signal.type === 'event') payloads.push(`e:${signal.userId}:${signal.offset}`);
    else if (signal.type === 'broadcast') payloads.push('b');
    else if (signal.type === 'barrier') payloads.push(`w:${signal.tag}`);
    else if (signal.type === 'barrierHeard') payloads.push(`k:${signal.tag}:${signal.listener}`);
    else {
      let chunk = '';
      for (const id of signal.sessionIds) {
        if (chunk.length > MAX_PAYLOAD) {
          payloads.push(`s:${chunk}`);
          chunk = '';
        }
        chunk += chunk ? `,${id}` : String(id);
      }
      if (chunk) payloads.push(`s:${chunk}`);
    }
  }
  return payloads;
}

/** The signal a payload carries; null for one this server does not know (a newer release's). */
export function decodeSignal(payload: string): RealtimeSignal | null {
  const event = /^e:(\d+):(\d+)$/.exec(payload);
  if (event) return { type: 'event', userId: BigInt(event[1]!), offset: BigInt(event[2]!) };
  // 'b:<id>' from the broadcast function: the id is not needed to fold.
  if (/^b(?::\d+)?$/.test(payload)) return { type: 'broadcast' };
  const sessions = /^s:(\d+(?:,\d+)*)$/.exec(payload);
  if (sessions) return { type: 'sessionsEnded', sessionIds: sessions[1]!.split(',').map(BigInt) };
  const barrier = /^w:([0-9a-f]+)$/.exec(payload);
  if (barrier) return { type: 'barrier', tag: barrier[1]! };
  const heard = /^k:([0-9a-f]+):(\d+)$/.exec(payload);
  if (heard) return { type: 'barrierHeard', tag: heard[1]!, listener: Number(heard[2]!) };
  return null;
}

type Listener = (signal: RealtimeSignal) => void;

// SQLite: the listeners of this process, per database.
const localListeners = new WeakMap<Kysely<DatabaseSchema>, Set<Listener>>();

/** Hears the signals sent on `db` (SQLite) in this process; answers how to stop. */
export function listenLocally(db: AppDatabase, listener: Listener): () => void {
  const root = rootOf(db);
  let listeners = localListeners.get(root);
  if (!listeners) {
    listeners = new Set();
    localListeners.set(root, listeners);
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** SQLite: hands `signals` to this process's listeners once `db`'s transaction commits. */
export function signalLocallyAfterCommit(db: AppDatabase, signals: readonly RealtimeSignal[]) {
  const root = rootOf(db);
  afterCommit(db, () => {
    for (const listener of localListeners.get(root) ?? []) {
      for (const signal of signals) listener(signal);
    }
  });
}

/** Sends `signals` to every server process once `db`'s transaction commits. */
export async function sendSignals(
  db: AppDatabase,
  signals: readonly RealtimeSignal[],
): Promise<void> {
  if (signals.length === 0) return;
  if (db.dialect === 'sqlite') return signalLocallyAfterCommit(db, signals);
  // In order; inside a transaction they go out with its next statement (db/pipeline.ts).
  for (const payload of encodeSignals(signals))
    await executePipelined(
      db,
      sql`SELECT pg_notify(${SIGNAL_CHANNEL}, ${payload})`.compile(db.kysely),
    );
}

/**
 * The sessions `sessionIds` ended (sign-out, sign-out everywhere, replaced by a new sign-in
 * from the same browser, beyond the cap): their sockets close with 1000 on whichever
 * process holds them, once `db`'s transaction commits. `then`: a signal to send after it
 * (a barrier).
 */
export function announceSessionsEnded(
  db: AppDatabase,
  sessionIds: readonly bigint[],
  then: RealtimeSignal | null = null,
) {
  if (sessionIds.length === 0) return Promise.resolve();
  return sendSignals(db, [
    { type: 'sessionsEnded', sessionIds: [...sessionIds] },
    ...(then ? [then] : []),
  ]);
}
