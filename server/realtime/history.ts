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
import type { RealtimeStream } from '../../src/api/realtime.ts';
import type { AppDatabase } from '../db/database.ts';
import { inTransaction } from '../db/transaction.ts';
import { signalLocallyAfterCommit, type RealtimeSignal } from './signals.ts';

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
 * Makes each user's copies of the broadcasts published since their last (migration 0011,
 * realtime_fold) and answers their latest offset. With `skipLocked`, users whose counter
 * another transaction holds are left out of the answer, to be asked again later, instead of
 * waited for.
 */
export async function foldBroadcasts(
  db: AppDatabase,
  userIds: readonly bigint[],
  { skipLocked }: { skipLocked: boolean },
): Promise<Map<bigint, bigint>> {
  const sorted = [...new Set(userIds)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const latest = new Map<bigint, bigint>();
  if (sorted.length === 0) return latest;
  if (db.dialect === 'postgres') {
    const { rows } = await sql<{ folded_user: bigint; folded_offset: bigint }>`
      SELECT folded_user, folded_offset FROM realtime_fold(${sorted}::bigint[], ${skipLocked})`.execute(
      db.kysely,
    );
    for (const row of rows) latest.set(row.folded_user, row.folded_offset);
    return latest;
  }
  // SQLite has one writer at a time: nothing is ever locked by another.
  await inTransaction(db, async (trx) => {
    const signals: RealtimeSignal[] = [];
    const { last_id: head } = await trx.kysely
      .selectFrom('realtime_broadcast_head')
      .select('last_id')
      .executeTakeFirstOrThrow();
    for (const userId of sorted) {
      await trx.kysely
        .insertInto('realtime_offsets')
        .values({ user_id: userId, last_offset: 0n, broadcast_seen: head })
        .onConflict((conflict) => conflict.column('user_id').doNothing())
        .execute();
      const counter = await trx.kysely
        .selectFrom('realtime_offsets')
        .select(['last_offset', 'broadcast_seen'])
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      let offset = counter.last_offset;
      if (counter.broadcast_seen < head) {
        const broadcasts = await trx.kysely
          .selectFrom('realtime_broadcasts')
          .selectAll()
          .where('id', '>', counter.broadcast_seen)
          .where('id', '<=', head)
          .orderBy('id')
          .execute();
        // Broadcasts are dropped oldest first: any missing come before the first kept.
        if (broadcasts[0]?.id !== counter.broadcast_seen + 1n) offset += 1n;
        for (const broadcast of broadcasts) {
          offset += 1n;
          await trx.kysely
            .insertInto('realtime_events')
            .values({
              user_id: userId,
              event_offset: offset,
              stream: broadcast.stream,
              data: broadcast.data,
              created_at: broadcast.created_at,
            })
            .execute();
        }
        await trx.kysely
          .updateTable('realtime_offsets')
          .set({ last_offset: offset, broadcast_seen: head })
          .where('user_id', '=', userId)
          .execute();
        signals.push({ type: 'event', userId, offset });
      }
      latest.set(userId, offset);
    }
    signalLocallyAfterCommit(trx, signals);
  });
  return latest;
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
  const latest = (await foldBroadcasts(db, [userId], { skipLocked: false })).get(userId)!;
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
