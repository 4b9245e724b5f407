// Reading users' events back: the live read after a signal, the recovery a reconnecting
// client asks for (SUBSCRIBE with `since`), each user's copies of broadcasts, and the bounds
// of the history.
//
// History keeps a user's last HISTORY_EVENTS events, none older than HISTORY_MS. Recovery is
// judged by that rule and by what is actually stored: it says it cannot (`recovered: false`)
// when more events are missing than the rule keeps, when one is older than it allows, or when
// an offset in between has no event (pruned, or left empty for broadcasts dropped unseen).
// The prune job only frees the space; what a client gets never depends on when it last ran.
import { sql } from 'kysely';
import type { RealtimeStream } from '../../contract/api/realtime.ts';
import type { AppDatabase } from '../db/database.ts';
import { inTransaction } from '../db/transaction.ts';

/** How many of a user's latest events a reconnecting client can recover. */
export const HISTORY_EVENTS = 100;
/** How old an event a reconnecting client can still recover. */
export const HISTORY_MS = 10 * 60_000;

/** An event as stored. */
export interface StoredEvent {
  userId: bigint;
  offset: bigint;
  stream: RealtimeStream;
  /** The event's `data`, as JSON text. */
  data: string;
  createdAt: string;
}

type EventRow = {
  user_id: bigint;
  event_offset: bigint;
  stream: string;
  data: string;
  created_at: string;
};

function storedEvent(row: EventRow): StoredEvent {
  return {
    userId: row.user_id,
    offset: row.event_offset,
    stream: row.stream as RealtimeStream,
    data: row.data,
    createdAt: row.created_at,
  };
}

/**
 * Makes each user's copies of the broadcasts published since their last, with offsets of
 * their own, and answers the users' latest offsets. A few statements whatever the number of
 * users: the copies of broadcast b for a user who had seen up to `seen` take the offsets
 * after theirs in id order, and when broadcasts were dropped from history before the user's
 * copies were made (the first kept is beyond seen + 1), one offset is left empty first, so
 * recovering across it says it cannot. Broadcast ids commit in order and are dropped oldest
 * first, so the ones kept after `seen` run without a hole up to the head.
 *
 * With `skipLocked`, users whose counter another transaction holds are left out of the
 * answer, to be asked again later, instead of waited for. The copies made come back too,
 * committed, so whoever holds those users' sockets can push them without reading them again.
 */
export async function foldBroadcasts(
  db: AppDatabase,
  userIds: readonly bigint[],
  { skipLocked }: { skipLocked: boolean },
): Promise<Fold> {
  const users = [...new Set(userIds)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (users.length === 0) return { latest: new Map(), copies: [] };
  return db.dialect === 'postgres'
    ? foldOnPostgres(db, users, skipLocked)
    : foldOnSqlite(db, users);
}

export interface Fold {
  /** Each user's latest offset (users left for later are not in it). */
  latest: Map<bigint, bigint>;
  /** The copies made, by user and offset. */
  copies: StoredEvent[];
}

// One statement. Its snapshot is taken once, so the head and the broadcasts are read as of
// the same moment; each counter is locked in user order and read as last committed (a row
// whose copies another call made meanwhile no longer qualifies). Users new to realtime start
// with nothing to copy. No NOTIFY per copy: every process folds its own users when it hears
// the broadcast, and reads from `latest` what another process copied first (hub.ts).
async function foldOnPostgres(
  db: AppDatabase,
  users: bigint[],
  skipLocked: boolean,
): Promise<Fold> {
  const lock = skipLocked ? sql`FOR UPDATE OF o SKIP LOCKED` : sql`FOR UPDATE OF o`;
  const { rows } = await sql<{ what: string } & EventRow>`
    WITH k AS (
      SELECT h.last_id AS head, (SELECT min(id) FROM realtime_broadcasts) AS first_kept
      FROM realtime_broadcast_head h
    ), fresh AS (
      INSERT INTO realtime_offsets (user_id, last_offset, broadcast_seen)
      SELECT u, 0, k.head FROM unnest(${users}::bigint[]) AS u, k
      ON CONFLICT (user_id) DO NOTHING
      RETURNING user_id, last_offset
    ), locked AS (
      SELECT o.user_id, o.last_offset, o.broadcast_seen, k.head,
             GREATEST(o.broadcast_seen + 1, coalesce(k.first_kept, k.head + 1)) AS start
      FROM realtime_offsets o, k
      WHERE o.user_id = ANY(${users}::bigint[]) AND o.broadcast_seen < k.head
      ORDER BY o.user_id ${lock}
    ), copies AS (
      INSERT INTO realtime_events (user_id, event_offset, stream, data, created_at)
      SELECT l.user_id,
             l.last_offset + (l.start > l.broadcast_seen + 1)::int + (b.id - l.start + 1),
             b.stream, b.data, b.created_at
      FROM locked l JOIN realtime_broadcasts b ON b.id >= l.start AND b.id <= l.head
      RETURNING user_id, event_offset, stream, data, created_at
    ), moved AS (
      UPDATE realtime_offsets o
      SET last_offset = l.last_offset + (l.start > l.broadcast_seen + 1)::int
                        + GREATEST(0, l.head - l.start + 1),
          broadcast_seen = l.head
      FROM locked l WHERE o.user_id = l.user_id
      RETURNING o.user_id, o.last_offset
    )
    SELECT 'latest' AS what, user_id, last_offset AS event_offset,
           NULL AS stream, NULL AS data, NULL AS created_at FROM moved
    UNION ALL
    SELECT 'latest', user_id, last_offset, NULL, NULL, NULL FROM fresh
    UNION ALL
    SELECT 'latest', o.user_id, o.last_offset, NULL, NULL, NULL FROM realtime_offsets o, k
    WHERE o.user_id = ANY(${users}::bigint[]) AND o.broadcast_seen >= k.head
    UNION ALL
    SELECT 'copy', user_id, event_offset, stream, data, created_at FROM copies`.execute(db.kysely);
  const latest = new Map<bigint, bigint>();
  const copies: StoredEvent[] = [];
  for (const row of rows) {
    if (row.what === 'latest') latest.set(row.user_id, row.event_offset);
    else if (row.what === 'copy') copies.push(storedEvent(row));
  }
  if (!skipLocked) {
    // A counter that changed while this statement waited for it: read as committed now.
    const missing = users.filter((user) => !latest.has(user));
    for (const [user, offset] of await latestOffsets(db, missing)) latest.set(user, offset);
  }
  return { latest, copies: sortedEvents(copies) };
}

function sortedEvents(events: StoredEvent[]): StoredEvent[] {
  return events.sort((a, b) =>
    a.userId === b.userId ? (a.offset < b.offset ? -1 : 1) : a.userId < b.userId ? -1 : 1,
  );
}

// SQLite has one writer at a time: nothing is ever locked by another. One transaction, one
// commit, whatever the number of users, who go in as one JSON parameter. The counters are
// read first and the copies worked out from them here, as the two writes make them: on a
// busy 2-core machine, returning the copies took 3–4 µs a user more than inserting them, and
// their rows as objects 1–3 µs more, of the 12–14 µs a user the fold took.
async function foldOnSqlite(db: AppDatabase, users: bigint[]): Promise<Fold> {
  const wanted = JSON.stringify(users.map(String));
  const inList = sql`(SELECT CAST(value AS INTEGER) AS user_id FROM json_each(${wanted}))`;
  const k = sql`(SELECT h.last_id AS head, (SELECT min(id) FROM realtime_broadcasts) AS first_kept
    FROM realtime_broadcast_head h)`;
  const start = sql`max(o.broadcast_seen + 1, coalesce(k.first_kept, k.head + 1))`;
  const gap = sql`(CASE WHEN ${start} > o.broadcast_seen + 1 THEN 1 ELSE 0 END)`;
  return inTransaction(db, async (trx) => {
    await sql`
      INSERT INTO realtime_offsets (user_id, last_offset, broadcast_seen)
      SELECT u.user_id, 0, k.head FROM ${inList} AS u, ${k} AS k WHERE true
      ON CONFLICT (user_id) DO NOTHING`.execute(trx.kysely);
    const { rows: bounds } = await sql<{ head: bigint; first_kept: bigint | null }>`
      SELECT k.head, k.first_kept FROM ${k} AS k`.execute(trx.kysely);
    const { head, first_kept: firstKept } = bounds[0]!;
    const { rows: counters } = await sql<Counter>`
      SELECT o.user_id, o.last_offset, o.broadcast_seen FROM realtime_offsets o
      WHERE o.user_id IN ${inList} ORDER BY o.user_id`.execute(trx.kysely);
    const latest = new Map<bigint, bigint>();
    const behind = counters.filter((counter) => {
      latest.set(counter.user_id, counter.last_offset);
      return counter.broadcast_seen < head;
    });
    if (behind.length === 0) return { latest, copies: [] };
    const startOf = (counter: Counter) => {
      const first = firstKept ?? head + 1n;
      return counter.broadcast_seen + 1n > first ? counter.broadcast_seen + 1n : first;
    };
    const from = behind.reduce((low, counter) => {
      const start = startOf(counter);
      return start < low ? start : low;
    }, head + 1n);
    const { rows: broadcasts } = await sql<BroadcastRow>`
      SELECT id, stream, data, created_at FROM realtime_broadcasts
      WHERE id >= ${from} AND id <= ${head}`.execute(trx.kysely);
    await sql`
      INSERT INTO realtime_events (user_id, event_offset, stream, data, created_at)
      SELECT o.user_id, o.last_offset + ${gap} + (b.id - ${start} + 1), b.stream, b.data,
             b.created_at
      FROM realtime_offsets o, ${k} AS k
      JOIN realtime_broadcasts b ON b.id >= ${start} AND b.id <= k.head
      WHERE o.user_id IN ${inList} AND o.broadcast_seen < k.head`.execute(trx.kysely);
    await sql`
      UPDATE realtime_offsets AS o
      SET last_offset = o.last_offset + ${gap} + max(0, k.head - ${start} + 1),
          broadcast_seen = k.head
      FROM ${k} AS k
      WHERE o.user_id IN ${inList} AND o.broadcast_seen < k.head`.execute(trx.kysely);
    // The same arithmetic as the two statements above, on the counters as they were.
    const byId = new Map(broadcasts.map((row) => [row.id, row]));
    const copies: StoredEvent[] = [];
    for (const counter of behind) {
      const start = startOf(counter);
      const before = counter.last_offset + (start > counter.broadcast_seen + 1n ? 1n : 0n);
      for (let id = start; id <= head; id++) {
        const broadcast = byId.get(id);
        if (!broadcast) continue;
        copies.push(
          storedEvent({
            user_id: counter.user_id,
            event_offset: before + (id - start + 1n),
            stream: broadcast.stream,
            data: broadcast.data,
            created_at: broadcast.created_at,
          }),
        );
      }
      latest.set(counter.user_id, before + (head >= start ? head - start + 1n : 0n));
    }
    return { latest, copies };
  });
}

interface Counter {
  user_id: bigint;
  last_offset: bigint;
  broadcast_seen: bigint;
}

interface BroadcastRow {
  id: bigint;
  stream: string;
  data: string;
  created_at: string;
}

/** The users' latest offsets as committed (0 for a user with no events yet). */
export async function latestOffsets(
  db: AppDatabase,
  userIds: readonly bigint[],
): Promise<Map<bigint, bigint>> {
  const latest = new Map<bigint, bigint>(userIds.map((id) => [id, 0n]));
  if (userIds.length === 0) return latest;
  const rows = await db.kysely
    .selectFrom('realtime_offsets')
    .select(['user_id', 'last_offset'])
    .where('user_id', 'in', [...userIds])
    .execute();
  for (const row of rows) latest.set(row.user_id, row.last_offset);
  return latest;
}

/**
 * Each user's stored events after `after`, in offset order, in one query: what a process
 * holding their sockets has not dispatched yet.
 */
export async function eventsAfter(
  db: AppDatabase,
  positions: readonly { userId: bigint; after: bigint }[],
): Promise<StoredEvent[]> {
  if (positions.length === 0) return [];
  if (db.dialect === 'postgres') {
    const { rows } = await sql<EventRow>`
      SELECT e.user_id, e.event_offset, e.stream, e.data, e.created_at
      FROM unnest(${positions.map((p) => p.userId)}::bigint[],
                  ${positions.map((p) => p.after)}::bigint[]) AS w(user_id, seen_up_to)
      JOIN realtime_events e ON e.user_id = w.user_id AND e.event_offset > w.seen_up_to
      ORDER BY e.user_id, e.event_offset`.execute(db.kysely);
    return rows.map(storedEvent);
  }
  const wanted = JSON.stringify(positions.map((p) => [String(p.userId), String(p.after)]));
  const { rows } = await sql<EventRow>`
    SELECT e.user_id, e.event_offset, e.stream, e.data, e.created_at
    FROM json_each(${wanted}) AS w
    JOIN realtime_events e ON e.user_id = CAST(json_extract(w.value, '$[0]') AS INTEGER)
      AND e.event_offset > CAST(json_extract(w.value, '$[1]') AS INTEGER)
    ORDER BY e.user_id, e.event_offset`.execute(db.kysely);
  return rows.map(storedEvent);
}

export interface Recovery {
  /** Whether `events` are every event after `since`. */
  recovered: boolean;
  /** The user's latest offset: the client continues from it. */
  offset: bigint;
  /** The events after `since` up to `offset` (none when not recovered). */
  events: StoredEvent[];
}

/** The events a client that last saw `since` has missed, if history still holds them all. */
export async function recoverSince(
  db: AppDatabase,
  userId: bigint,
  since: bigint,
  now: Date,
): Promise<Recovery> {
  const { latest: offsets } = await foldBroadcasts(db, [userId], { skipLocked: false });
  const latest = offsets.get(userId)!;
  const lost: Recovery = { recovered: false, offset: latest, events: [] };
  // A client ahead of the server (a database restored from a backup) cannot be trusted either.
  if (since > latest || latest - since > BigInt(HISTORY_EVENTS)) return lost;
  if (since === latest) return { recovered: true, offset: latest, events: [] };
  const rows = await db.kysely
    .selectFrom('realtime_events')
    .select(['user_id', 'event_offset', 'stream', 'data', 'created_at'])
    .where('user_id', '=', userId)
    .where('event_offset', '>', since)
    .where('event_offset', '<=', latest)
    .orderBy('event_offset')
    .execute();
  const oldestKept = new Date(now.getTime() - HISTORY_MS).toISOString();
  if (BigInt(rows.length) !== latest - since || rows.some((row) => row.created_at < oldestKept))
    return lost;
  return { recovered: true, offset: latest, events: rows.map(storedEvent) };
}

/** Frees what history no longer keeps, and tickets past their time. */
export async function pruneHistory(db: AppDatabase, now: Date): Promise<void> {
  const oldestKept = new Date(now.getTime() - HISTORY_MS).toISOString();
  await db.kysely.deleteFrom('realtime_events').where('created_at', '<', oldestKept).execute();
  await db.kysely
    .deleteFrom('realtime_events')
    .where(({ eb, selectFrom }) =>
      eb(
        'event_offset',
        '<=',
        selectFrom('realtime_offsets as o')
          .select((inner) => inner('o.last_offset', '-', BigInt(HISTORY_EVENTS)).as('oldest_kept'))
          .whereRef('o.user_id', '=', 'realtime_events.user_id'),
      ),
    )
    .execute();
  await db.kysely.deleteFrom('realtime_broadcasts').where('created_at', '<', oldestKept).execute();
  await db.kysely
    .deleteFrom('realtime_tickets')
    .where('expires_at', '<=', now.toISOString())
    .execute();
}
