// The sockets this process holds, by user and by session, and what reaches them: a signal
// that a user's events committed makes one read of the table for every user signalled in the
// same turn, and each event is handed to that user's sockets, in offset order, once. Events
// go only to their owner's sockets. A broadcast makes this process's users' copies of it; a
// session that ended closes its sockets with 1000.
import { CLOSE_CODES } from '../../contract/api/realtime.ts';
import type { ServerContext } from '../context.ts';
import { Connection, type ConnectionServices } from './connection.ts';
import type { HeardSignal } from './fanout.ts';
import {
  eventsAfter,
  foldBroadcasts,
  latestOffsets,
  recoverSince,
  type StoredEvent,
} from './history.ts';
import { eventText } from './protocol.ts';
import type { TicketHolder } from './tickets.ts';
import type { WebSocket } from 'ws';

interface UserSockets {
  readonly connections: Set<Connection>;
  /** The latest offset handed to the sockets; null until it is known. */
  delivered: bigint | null;
  /** The latest offset a signal announced. */
  announced: bigint;
  /** Signals may have been lost (the listener was away): read whatever was announced. */
  unsure: boolean;
  /** When the first signal not yet read arrived (performance.now()), for the latency metric. */
  signalledAt: number | null;
  /**
   * Settles once `delivered` is known. A socket's recovery reads after it: live delivery
   * starts at the latest offset read here, so a recovery read earlier could answer an offset
   * below it, and an event committed between the two reads would reach the socket neither way.
   */
  started: Promise<void>;
}

/**
 * Users whose broadcast copies are made in one transaction (the users go in as one
 * parameter). On SQLite, in this thread, fewer commits cost less (one fsync each); the bound
 * keeps its one write lock held no more than a few tens of ms. On PostgreSQL, in a process of
 * its own, the next chunk is folded there while this one's sockets are written to here.
 */
const FOLD_CHUNK = { sqlite: 2_000, postgres: 500 } as const;
/** Sessions checked in one statement (one bound value each). */
const SESSIONS_PER_CHECK = 500;
/** A user whose counter was busy is asked again after this. */
const FOLD_RETRY_MS = 50;
const FOLD_ATTEMPTS = 20;

export class RealtimeHub {
  readonly #context: ServerContext;
  readonly #onError: (error: unknown, what: string) => void;
  readonly #users = new Map<bigint, UserSockets>();
  readonly #sessions = new Map<bigint, Set<Connection>>();
  readonly #toRead = new Set<bigint>();
  #reading: Promise<void> | null = null;
  #folding: Promise<void> | null = null;
  #foldAgain = false;
  readonly #services: ConnectionServices;

  constructor(context: ServerContext, onError: (error: unknown, what: string) => void) {
    this.#context = context;
    this.#onError = onError;
    this.#services = {
      settings: context.settings.realtime,
      metrics: context.metrics.realtime,
      now: () => context.now(),
      recover: async (userId, since) => {
        await this.#users.get(userId)?.started;
        return recoverSince(context.db, userId, since, context.now());
      },
      failed: (error) => onError(error, 'realtime: recovering events'),
      closed: (connection, code) => this.#remove(connection, code),
    };
  }

  /** Open sockets of a user, and of a session, on this process (for the caps). */
  socketsOf(holder: TicketHolder): { user: number; session: number } {
    return {
      user: this.#users.get(holder.userId)?.connections.size ?? 0,
      session: this.#sessions.get(holder.sessionId)?.size ?? 0,
    };
  }

  /** Takes over a socket opened with `holder`'s ticket. */
  add(ws: WebSocket, holder: TicketHolder): Connection {
    const connection = new Connection(ws, holder, this.#services);
    this.#context.metrics.realtime.socketOpened();
    let user = this.#users.get(holder.userId);
    if (!user) {
      user = {
        connections: new Set(),
        delivered: null,
        announced: 0n,
        unsure: false,
        signalledAt: null,
        started: Promise.resolve(),
      };
      this.#users.set(holder.userId, user);
      user.started = this.#startFrom(holder.userId, user);
    }
    user.connections.add(connection);
    const session = this.#sessions.get(holder.sessionId) ?? new Set();
    session.add(connection);
    this.#sessions.set(holder.sessionId, session);
    return connection;
  }

  /** Live delivery to a user new to this process starts after their latest offset now. */
  async #startFrom(userId: bigint, user: UserSockets): Promise<void> {
    try {
      const latest = (await latestOffsets(this.#context.db, [userId])).get(userId)!;
      if (user.delivered === null) user.delivered = latest;
      if (user.announced > user.delivered) this.#read(userId);
    } catch (error) {
      this.#onError(error, 'realtime: reading a user’s latest offset');
      for (const connection of user.connections) connection.close(1011, 'server error');
    }
  }

  #remove(connection: Connection, code: number): void {
    this.#context.metrics.realtime.socketClosed(code);
    const user = this.#users.get(connection.userId);
    user?.connections.delete(connection);
    if (user?.connections.size === 0) this.#users.delete(connection.userId);
    const session = this.#sessions.get(connection.sessionId);
    session?.delete(connection);
    if (session?.size === 0) this.#sessions.delete(connection.sessionId);
  }

  onSignal(signal: HeardSignal): void {
    switch (signal.type) {
      case 'event': {
        const user = this.#users.get(signal.userId);
        if (!user) return;
        if (signal.offset > user.announced) user.announced = signal.offset;
        if (user.delivered === null || user.announced <= user.delivered) return;
        user.signalledAt ??= performance.now();
        this.#read(signal.userId);
        return;
      }
      case 'broadcast':
        return this.#foldLocalUsers();
      case 'sessionsEnded':
        for (const id of signal.sessionIds) {
          for (const connection of this.#sessions.get(id) ?? [])
            connection.close(CLOSE_CODES.sessionEnded, 'session ended');
        }
        return;
      case 'resync':
        // Signals sent while the listener was away are lost: read every user again, make
        // any broadcast copies, and close the sockets of sessions that ended meanwhile.
        for (const [userId, user] of this.#users) this.#readUnsure(userId, user);
        this.#foldLocalUsers();
        void this.#closeEndedSessions();
        return;
    }
  }

  /** Signals may have been missed: reads whatever has committed for the user. */
  #readUnsure(userId: bigint, user: UserSockets): void {
    user.unsure = true;
    if (user.delivered !== null) this.#read(userId);
  }

  /** Reads `userId`'s new events, with every other user waiting to be read, in one query. */
  #read(userId: bigint): void {
    this.#toRead.add(userId);
    // One read at a time; users signalled meanwhile wait for the next, all together.
    if (this.#reading) return;
    this.#reading = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.#readWaiting())
      .finally(() => {
        this.#reading = null;
        if (this.#toRead.size > 0) this.#read(this.#toRead.values().next().value!);
      });
  }

  async #readWaiting(): Promise<void> {
    const positions: { userId: bigint; after: bigint }[] = [];
    for (const userId of this.#toRead) {
      const user = this.#users.get(userId);
      // Delivered meanwhile (broadcast copies pushed as made): nothing to read.
      if (!user || user.delivered === null) continue;
      if (user.unsure || user.announced > user.delivered)
        positions.push({ userId, after: user.delivered });
      user.unsure = false;
    }
    this.#toRead.clear();
    let events: StoredEvent[];
    try {
      events = await eventsAfter(this.#context.db, positions);
    } catch (error) {
      this.#onError(error, 'realtime: reading new events');
      // Asked again at the next signal, or after the listener is back.
      return;
    }
    for (const event of events) {
      const user = this.#users.get(event.userId);
      if (user) this.#dispatch(user, [event]);
    }
  }

  /** Makes this process's users' copies of new broadcasts; the copies then signal as events. */
  #foldLocalUsers(): void {
    if (this.#folding) {
      this.#foldAgain = true;
      return;
    }
    this.#folding = this.#fold().finally(() => {
      this.#folding = null;
      if (this.#foldAgain) {
        this.#foldAgain = false;
        this.#foldLocalUsers();
      }
    });
  }

  async #fold(): Promise<void> {
    let waiting = [...this.#users.keys()];
    for (let attempt = 1; waiting.length > 0 && attempt <= FOLD_ATTEMPTS; attempt++) {
      if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, FOLD_RETRY_MS));
      const busy: bigint[] = [];
      const size = FOLD_CHUNK[this.#context.db.dialect];
      const chunks: bigint[][] = [];
      for (let from = 0; from < waiting.length; from += size)
        chunks.push(waiting.slice(from, from + size));
      const foldChunk = (chunk: bigint[]) =>
        foldBroadcasts(this.#context.db, chunk, { skipLocked: true }).then(
          (fold) => ({ fold }),
          (error: unknown) => ({ error }),
        );
      let next = chunks.length > 0 ? foldChunk(chunks[0]!) : null;
      for (let index = 0; index < chunks.length; index++) {
        const outcome = await next!;
        // Asked before this chunk's sockets are written to: disjoint users, disjoint locks.
        next = index + 1 < chunks.length ? foldChunk(chunks[index + 1]!) : null;
        if ('error' in outcome) {
          this.#onError(outcome.error, 'realtime: copying broadcasts');
          busy.push(...chunks[index]!);
          continue;
        }
        const { latest, copies } = outcome.fold;
        this.#dispatchCopies(copies);
        this.#readBehind(latest);
        busy.push(...chunks[index]!.filter((userId) => !latest.has(userId)));
      }
      // Only users still here: one who left recovers the broadcast when they come back.
      waiting = busy.filter((userId) => this.#users.has(userId));
    }
    // Still locked by another process after every attempt: read whatever has committed.
    for (const userId of waiting) {
      const user = this.#users.get(userId);
      if (user) this.#readUnsure(userId, user);
    }
  }

  /**
   * A fold says each user's latest offset. Copies another process (or a ticket) made first
   * signal nothing, one NOTIFY a recipient being what a broadcast must not cost: each offset
   * is taken as the signal it would have been.
   */
  #readBehind(latest: ReadonlyMap<bigint, bigint>): void {
    for (const [userId, offset] of latest) this.onSignal({ type: 'event', userId, offset });
  }

  /**
   * Pushes broadcast copies this process just made (committed): they need no read, unless
   * the user has earlier events not read yet, which the read after their signal delivers.
   */
  #dispatchCopies(copies: readonly StoredEvent[]): void {
    for (let from = 0; from < copies.length;) {
      const userId = copies[from]!.userId;
      let to = from;
      while (to < copies.length && copies[to]!.userId === userId) to++;
      const user = this.#users.get(userId);
      if (user && user.delivered !== null && copies[from]!.offset === user.delivered + 1n)
        this.#dispatch(user, copies.slice(from, to));
      from = to;
    }
  }

  /** Hands a user's events, in offset order, to their sockets: each once. */
  #dispatch(user: UserSockets, events: readonly StoredEvent[]): void {
    let pushed = 0;
    for (const event of events) {
      if (user.delivered === null || event.offset <= user.delivered) continue;
      user.delivered = event.offset;
      // Written once for all the user's sockets (its offset is the user's own).
      let text: string | undefined;
      for (const connection of user.connections)
        if (connection.deliver(event, (text ??= eventText(event)))) pushed++;
    }
    if (pushed > 0) this.#context.metrics.realtime.pushed(pushed);
    if (user.signalledAt !== null && user.delivered !== null && user.delivered >= user.announced) {
      this.#context.metrics.realtime.fanoutLatency(performance.now() - user.signalledAt);
      user.signalledAt = null;
    }
  }

  async #closeEndedSessions(): Promise<void> {
    const ids = [...this.#sessions.keys()];
    if (ids.length === 0) return;
    try {
      const live = new Set<bigint>();
      for (let from = 0; from < ids.length; from += SESSIONS_PER_CHECK) {
        const rows = await this.#context.db.kysely
          .selectFrom('sessions')
          .select('id')
          .where('id', 'in', ids.slice(from, from + SESSIONS_PER_CHECK))
          .execute();
        for (const row of rows) live.add(row.id);
      }
      this.onSignal({ type: 'sessionsEnded', sessionIds: ids.filter((id) => !live.has(id)) });
    } catch (error) {
      this.#onError(error, 'realtime: checking sessions');
    }
  }

  /** Checks every socket's deadlines against the clock. */
  tick(): void {
    const now = this.#context.now().getTime();
    for (const user of this.#users.values())
      for (const connection of user.connections) connection.tick(now);
  }

  /** Closes every socket with `code`; resolves once they are closed (or cut after `waitMs`). */
  async closeAll(code: number, reason: string, waitMs: number): Promise<void> {
    const connections = [...this.#users.values()].flatMap((user) => [...user.connections]);
    if (connections.length === 0) return;
    for (const connection of connections) connection.close(code, reason);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), waitMs);
    });
    const outcome = await Promise.race([Promise.all(connections.map((c) => c.closed)), late]);
    clearTimeout(timer);
    // A client that does not answer the closing handshake: its close frame was sent.
    if (outcome === 'late') for (const connection of connections) connection.terminate();
  }
}
