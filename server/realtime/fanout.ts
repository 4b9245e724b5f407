// How a server process hears the signals (signals.ts) of every process on its database:
// in process on SQLite, through a PostgreSQL LISTEN on a connection of its own otherwise.
import pg from 'pg';
import type { AppDatabase } from '../db/database.ts';
import { decodeSignal, listenLocally, SIGNAL_CHANNEL, type RealtimeSignal } from './signals.ts';

/**
 * What a process hears. `resync`: the listener was lost and is back; signals sent meanwhile
 * are gone, so whoever listens looks again at what they may have missed.
 */
export type HeardSignal = RealtimeSignal | { type: 'resync' };

export interface Fanout {
  start(onSignal: (signal: HeardSignal) => void): Promise<void>;
  close(): Promise<void>;
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

  const connect = async (): Promise<void> => {
    const fresh = new pg.Client({
      connectionString: options.databaseUrl,
      // Named, so an operator (or a test) can tell it apart in pg_stat_activity.
      application_name: 'ju-realtime-listener',
      keepAlive: true,
    });
    fresh.on('notification', (message) => {
      if (message.channel !== SIGNAL_CHANNEL || !message.payload) return;
      const signal = decodeSignal(message.payload);
      if (signal) onSignal(signal);
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

  const lost = (which: pg.Client) => {
    if (client !== which || closed) return;
    client = null;
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
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
