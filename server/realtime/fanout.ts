// How a server process hears the signals (signals.ts) of every process on its database:
// in process on SQLite, through a PostgreSQL LISTEN on a connection of its own otherwise.
// The hub hears them, and so does the session cache (auth/sessionCache.ts), which also asks
// how far the listener is known to be up to date (heardUpTo) and, to end a session, waits
// until every process has heard of it (barrier).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { AppDatabase } from '../db/database.ts';
import {
  decodeSignal,
  encodeSignals,
  listenLocally,
  SIGNAL_CHANNEL,
  type RealtimeSignal,
} from './signals.ts';

/**
 * What a process hears. `resync`: the listener was lost and is back; signals sent meanwhile
 * are gone, so whoever listens looks again at what they may have missed.
 */
export type HeardSignal = RealtimeSignal | { type: 'resync' };

export interface Fanout {
  start(onSignal: (signal: HeardSignal) => void): Promise<void>;
  close(): Promise<void>;
  /**
   * A moment (performance.now()) up to which every signal committed has been handed on:
   * now, in process; on PostgreSQL the moment the listener's last answered heartbeat was
   * sent (PostgreSQL sends a listener the notifications committed before a query ahead of
   * its answer), -Infinity while it is not listening.
   */
  heardUpTo(): number;
  /** A barrier, to send after some signals and wait for once they have committed. */
  barrier(): Barrier;
}

export interface Barrier {
  /** To send in the transaction, after the signals it follows; null: nothing to send. */
  readonly signal: RealtimeSignal | null;
  /**
   * After the commit: resolves true once every process listening on the database has heard
   * the signals before it, or false after `timeoutMs` without all of them answering.
   */
  passed(timeoutMs: number): Promise<boolean>;
  /** Stops listening for answers (the transaction rolled back, or it has passed). */
  cancel(): void;
}

/** SQLite: the signals of this process's own transactions, after each commit. */
export function inProcessFanout(db: AppDatabase): Fanout {
  let stop = () => {};
  return {
    async start(onSignal) {
      stop = listenLocally(db, onSignal);
    },
    async close() {
      stop();
    },
    // Handed on in the committing transaction's after-commit step, before its caller hears.
    heardUpTo: () => Infinity,
    barrier: () => ({ signal: null, passed: async () => true, cancel: () => {} }),
  };
}

export interface PostgresFanoutOptions {
  databaseUrl: string;
  /** The listener was lost and is back. */
  onReconnected(): void;
  /** A failed attempt to listen again; it is retried. */
  onError(error: unknown): void;
}

const FIRST_RETRY_MS = 100;
const LAST_RETRY_MS = 5_000;
/** The PostgreSQL backend serving `client` (pg keeps it, undeclared, from the handshake). */
function backendOf(client: pg.Client): number {
  return (client as unknown as { processID: number }).processID;
}

/** How often the listener asks PostgreSQL something, to know how far it is up to date. */
const HEARTBEAT_MS = 250;
/** Named, so an operator (or a test) can tell it apart in pg_stat_activity. */
export const LISTENER_NAME = 'ju-realtime-listener';
const LISTENERS = `SELECT pid FROM pg_stat_activity
  WHERE datname = current_database() AND application_name = '${LISTENER_NAME}'`;

/**
 * PostgreSQL: LISTEN on a dedicated connection (a pooled one would be handed to queries).
 * When it drops, it is made again, retrying with a growing pause, and `resync` tells the
 * hub to read what it may have missed meanwhile.
 */
export function postgresFanout(options: PostgresFanoutOptions): Fanout {
  let client: pg.Client | null = null;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let onSignal: (signal: HeardSignal) => void = () => {};
  let confirmedAt = -Infinity;
  let beating = false;
  // Barriers this process sent and waits on: the listeners that answered each.
  const answers = new Map<string, (listener: number) => void>();

  const connect = async (): Promise<void> => {
    const fresh = new pg.Client({
      connectionString: options.databaseUrl,
      application_name: LISTENER_NAME,
      keepAlive: true,
      // Its heartbeat, barrier answers and questions may overlap: sent as they come.
      pipeline: true,
    });
    fresh.on('notification', (message) => {
      if (message.channel !== SIGNAL_CHANNEL || !message.payload) return;
      const signal = decodeSignal(message.payload);
      if (!signal) return;
      if (signal.type === 'barrierHeard') return answers.get(signal.tag)?.(signal.listener);
      if (signal.type !== 'barrier') return onSignal(signal);
      // Everything before it has been handed on (in order, synchronously): say so.
      const [answer] = encodeSignals([
        { type: 'barrierHeard', tag: signal.tag, listener: backendOf(fresh) },
      ]);
      fresh.query('SELECT pg_notify($1, $2)', [SIGNAL_CHANNEL, answer]).catch(() => {});
    });
    // Without a listener an error would crash the process; a lost connection also ends.
    fresh.on('error', () => lost(fresh));
    fresh.on('end', () => lost(fresh));
    try {
      await fresh.connect();
      await fresh.query(`LISTEN ${SIGNAL_CHANNEL}`);
    } catch (error) {
      fresh.removeAllListeners('end');
      await fresh.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await fresh.end().catch(() => {});
      return;
    }
    client = fresh;
  };

  const retry = (delayMs: number) => {
    retryTimer = setTimeout(() => {
      connect().then(
        () => {
          if (closed) return;
          options.onReconnected();
          onSignal({ type: 'resync' });
        },
        (error: unknown) => {
          if (closed) return;
          options.onError(error);
          retry(Math.min(delayMs * 2, LAST_RETRY_MS));
        },
      );
    }, delayMs);
    retryTimer.unref();
  };

  // The notifications committed before a query reach the listener ahead of its answer.
  const heartbeat = setInterval(() => {
    const current = client;
    if (!current || beating) return;
    beating = true;
    const sentAt = performance.now();
    current
      .query('SELECT 1')
      .then(
        () => {
          if (client === current) confirmedAt = Math.max(confirmedAt, sentAt);
        },
        () => {},
      )
      .finally(() => {
        beating = false;
      });
  }, HEARTBEAT_MS);
  heartbeat.unref();

  /**
   * The backends listening on the database now (one per process), or null if unknown: also
   * when this process's own is not among them (listeners named otherwise, e.g. by an
   * application_name in DATABASE_URL, cannot be told apart).
   */
  const listeners = async (): Promise<number[] | null> => {
    const current = client;
    if (!current) return null;
    try {
      const { rows } = await current.query<{ pid: number }>(LISTENERS);
      const pids = rows.map((row) => row.pid);
      return pids.includes(backendOf(current)) ? pids : null;
    } catch {
      return null;
    }
  };

  const lost = (which: pg.Client) => {
    if (client !== which || closed) return;
    client = null;
    confirmedAt = -Infinity;
    which.removeAllListeners('notification');
    void which.end().catch(() => {});
    retry(FIRST_RETRY_MS);
  };

  return {
    async start(listener) {
      onSignal = listener;
      await connect();
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      clearInterval(heartbeat);
      const current = client;
      client = null;
      confirmedAt = -Infinity;
      await current?.end().catch(() => {});
    },
    heardUpTo: () => (client ? confirmedAt : -Infinity),
    barrier() {
      const tag = randomBytes(8).toString('hex');
      const heard = new Set<number>();
      let wake = () => {};
      answers.set(tag, (listener) => {
        heard.add(listener);
        wake();
      });
      return {
        signal: { type: 'barrier', tag },
        async passed(timeoutMs) {
          const deadline = performance.now() + timeoutMs;
          /** Resolves at the deadline, or earlier on an answer (or `early`). */
          const nextAnswer = (early?: Promise<unknown>) =>
            new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, Math.max(0, deadline - performance.now()));
              const done = () => {
                clearTimeout(timer);
                resolve();
              };
              wake = done;
              void early?.then(done, done);
            });
          // Asked after the commit: a listener that starts later never held what it ended.
          // A listener that does not answer (stuck) must not hold the ending past the deadline.
          let waitingFor: number[] | null = null;
          let asked = false;
          const asking = listeners().then((pids) => {
            waitingFor = pids;
            asked = true;
          });
          const allHeard = () => waitingFor !== null && waitingFor.every((pid) => heard.has(pid));
          while (!allHeard()) {
            if (performance.now() >= deadline) return false;
            await nextAnswer(asked ? undefined : asking);
          }
          return true;
        },
        cancel: () => answers.delete(tag),
      };
    },
  };
}
