// Sessions kept in memory, so a signed-in call need not ask the database who it is.
//
// Every authenticated call looks its session up (sessions.ts findSession). Each process keeps
// the sessions it has read, with their users, and answers from memory while it can be sure
// none of them has ended since:
// - A session is ended only by sessions.ts (sign-out, sign-out everywhere, a session ended
//   from the list, replaced or beyond the cap at sign-in), which announces it in the ending
//   transaction (realtime/signals.ts). Every process hears that (realtime/fanout.ts: at the
//   commit on SQLite, through LISTEN/NOTIFY on PostgreSQL) and forgets those sessions.
// - The ending call answers only once every process has heard: on PostgreSQL it sends a
//   barrier after the announcement and waits for each process's listener to answer it
//   (they hear in order), or LEASE_MS at most. So a token signed out on one process is
//   refused on every process as soon as the sign-out has answered.
// - A process trusts its copies only while its listener is known to be up to date: on
//   PostgreSQL, while its last answered heartbeat was sent less than LEASE_MS ago. A
//   listener that is lost, or silent, stops the cache within LEASE_MS, which is as long as
//   a sign-out waits for a process that does not answer: whatever it missed, it no longer
//   answers from memory by the time that sign-out answers. When the listener is back, the
//   cache starts empty.
// - A session read from the database while one was being ended is kept only if no session
//   ended meanwhile (`stamp`), so a read that began before a sign-out cannot bring its
//   session back after the announcement was heard.
// - Expiry needs no announcement: a copy is checked against the clock at every use.
// - What a session carries of its user does not change after sign-up (its id, address,
//   invite code, referrer). The level and the activation time do; they are read from the
//   database where they are shown (users/userInfoFigures.ts), never from a kept copy.
// Without a listener (a process that serves no sockets), nothing is trusted: every call
// reads the database.
import type { Kysely } from 'kysely';
import type { AppDatabase } from '../db/database.ts';
import type { DatabaseSchema, UserRow } from '../db/schema.ts';
import { rootOf } from '../db/transaction.ts';
import type { Barrier, Fanout, HeardSignal } from '../realtime/fanout.ts';

/**
 * How long after its listener's last answered heartbeat was sent a process still answers
 * from memory; also the longest an ending waits for a process that does not answer.
 */
export const SESSION_LEASE_MS = 1_000;

/** Sessions kept per process; beyond it the oldest kept go. */
const MAX_SESSIONS = 50_000;

export interface CachedSession {
  sessionId: bigint;
  user: Readonly<UserRow>;
  /** ISO time, as stored. */
  expiresAt: string;
}

type Listener = Pick<Fanout, 'heardUpTo' | 'barrier'>;

const NOTHING_TO_WAIT_FOR: Barrier = {
  signal: null,
  passed: async () => true,
  cancel: () => {},
};

/** PostgreSQL without a listener: other processes may hold copies; give them their lease. */
const WAIT_OUT_THE_LEASE: Barrier = {
  signal: null,
  passed: (timeoutMs) => new Promise((resolve) => setTimeout(() => resolve(false), timeoutMs)),
  cancel: () => {},
};

export class SessionCache {
  readonly #waitsForOthers: boolean;
  readonly #byToken = new Map<string, CachedSession>();
  readonly #tokenOf = new Map<bigint, string>();
  #stamp = 0;
  #listener: Listener | null = null;

  /** `manyProcesses`: other processes may share the database (PostgreSQL). */
  constructor(manyProcesses: boolean) {
    this.#waitsForOthers = manyProcesses;
  }

  /** The process's listener (null: none any more); the cache starts empty either way. */
  listenThrough(listener: Listener | null): void {
    this.#listener = listener;
    this.#forgetAll();
  }

  /** A signal the listener heard. */
  hear(signal: HeardSignal): void {
    if (signal.type === 'sessionsEnded') this.forget(signal.sessionIds);
    // Signals may have been lost while the listener was away.
    else if (signal.type === 'resync') this.#forgetAll();
  }

  /** The kept session of `tokenHash` if it is trusted and live at `now` (ISO), else null. */
  find(tokenHash: string, now: string): CachedSession | null {
    if (!this.#trusted()) return null;
    const session = this.#byToken.get(tokenHash);
    if (!session) return null;
    if (session.expiresAt > now) return session;
    this.#drop(session.sessionId);
    return null;
  }

  /** Taken before reading a session from the database, handed back to `remember`. */
  get stamp(): number {
    return this.#stamp;
  }

  /** Keeps a session read from the database, unless one ended since `stamp` was taken. */
  remember(tokenHash: string, session: CachedSession, stamp: number): void {
    if (stamp !== this.#stamp || !this.#trusted()) return;
    if (this.#byToken.size >= MAX_SESSIONS)
      this.#drop(this.#byToken.values().next().value!.sessionId);
    this.#byToken.set(tokenHash, { ...session, user: Object.freeze({ ...session.user }) });
    this.#tokenOf.set(session.sessionId, tokenHash);
  }

  forget(sessionIds: readonly bigint[]): void {
    this.#stamp++;
    for (const id of sessionIds) this.#drop(id);
  }

  /** What an ending of sessions sends after its announcement, and waits for (see above). */
  barrier(): Barrier {
    if (this.#listener) return this.#listener.barrier();
    return this.#waitsForOthers ? WAIT_OUT_THE_LEASE : NOTHING_TO_WAIT_FOR;
  }

  #trusted(): boolean {
    return (
      this.#listener !== null && performance.now() - this.#listener.heardUpTo() < SESSION_LEASE_MS
    );
  }

  #drop(sessionId: bigint): void {
    const token = this.#tokenOf.get(sessionId);
    if (token === undefined) return;
    this.#tokenOf.delete(sessionId);
    this.#byToken.delete(token);
  }

  #forgetAll(): void {
    this.#stamp++;
    this.#byToken.clear();
    this.#tokenOf.clear();
  }
}

const caches = new WeakMap<Kysely<DatabaseSchema>, SessionCache>();

/** The session cache of `db`'s database in this process. */
export function sessionCacheOf(db: AppDatabase): SessionCache {
  const root = rootOf(db);
  let cache = caches.get(root);
  if (!cache) {
    cache = new SessionCache(db.dialect === 'postgres');
    caches.set(root, cache);
  }
  return cache;
}
