// The outbox: an operation records its realtime events in its own transaction, so they commit
// with it or not at all, and are pushed only after they have (signals.ts). Each user's events
// take that user's next offsets.
//
// Events gathered during a transaction are written at its end, in one step
// (db/transaction.ts addToBatch): on PostgreSQL one statement for the whole transaction
// (realtime_emit, migration 0011), which also sends the NOTIFY; the users' counters are
// locked in id order, once each, only from there to the COMMIT.
import { sql } from 'kysely';
import type { RealtimeEventData, RealtimeStream } from '../../src/api/realtime.ts';
import type { AppDatabase } from '../db/database.ts';
import { prepared } from '../db/prepared.ts';
import { addToBatch, inTransaction } from '../db/transaction.ts';
import { signalLocallyAfterCommit, type RealtimeSignal } from './signals.ts';

/** One event for one user, as an operation emits it. */
export interface RealtimeEventInput {
  userId: bigint;
  stream: RealtimeStream;
  data: RealtimeEventData;
}

interface PendingEvent {
  userId: bigint;
  stream: RealtimeStream;
  data: string;
  createdAt: string;
}

const OUTBOX = Symbol('realtime outbox');

/**
 * Records `events` in `db`'s transaction; they are stored at its end, and pushed once it
 * commits. Outside a transaction they are stored (and pushed) at once.
 */
export function emitEvents(
  db: AppDatabase,
  events: readonly RealtimeEventInput[],
  now: Date,
): Promise<void> {
  if (events.length === 0) return Promise.resolve();
  const createdAt = now.toISOString();
  const pending = events.map((event): PendingEvent => ({
    userId: event.userId,
    stream: event.stream,
    data: JSON.stringify(event.data),
    createdAt,
  }));
  return addToBatch(db, OUTBOX, pending, (all) => writeEvents(db, all));
}

async function writeEvents(db: AppDatabase, events: PendingEvent[]): Promise<void> {
  // Grouped by user, users in id order; a user's events keep the order they were emitted in.
  const sorted = events
    .map((event, index) => ({ event, index }))
    .sort((a, b) =>
      a.event.userId === b.event.userId
        ? a.index - b.index
        : a.event.userId < b.event.userId
          ? -1
          : 1,
    )
    .map(({ event }) => event);
  if (db.dialect === 'postgres') {
    await sql`SELECT realtime_emit(
      ${sorted.map((event) => event.userId)}::bigint[],
      ${sorted.map((event) => event.stream)}::text[],
      ${sorted.map((event) => event.data)}::text[],
      ${sorted.map((event) => event.createdAt)}::text[])`.execute(db.kysely);
    return;
  }
  await inTransaction(db, async (trx) => {
    const signals: RealtimeSignal[] = [];
    for (let from = 0; from < sorted.length;) {
      const userId = sorted[from]!.userId;
      let to = from + 1;
      while (to < sorted.length && sorted[to]!.userId === userId) to++;
      const group = sorted.slice(from, to);
      const [counter] = await advanceOffset(trx, { userId, count: BigInt(group.length) });
      const latest = counter!.last_offset;
      const first = latest - BigInt(group.length) + 1n;
      await insertEvents(trx, {
        userIds: group.map(() => userId),
        offsets: group.map((_, index) => first + BigInt(index)),
        streams: group.map((event) => event.stream),
        data: group.map((event) => event.data),
        createdAts: group.map((event) => event.createdAt),
      });
      signals.push({ type: 'event', userId, offset: latest });
      from = to;
    }
    signalLocallyAfterCommit(trx, signals);
  });
}

// SQLite's side of realtime_emit: a user new to realtime starts with the broadcasts so far
// counted as seen (what was published before has nothing to tell them).
const advanceOffset = prepared((db, { userId, count }: { userId: bigint; count: bigint }) =>
  db
    .insertInto('realtime_offsets')
    .values((eb) => ({
      user_id: userId,
      last_offset: count,
      broadcast_seen: eb.selectFrom('realtime_broadcast_head').select('last_id'),
    }))
    .onConflict((conflict) =>
      conflict.column('user_id').doUpdateSet((eb) => ({
        last_offset: eb('realtime_offsets.last_offset', '+', eb.ref('excluded.last_offset')),
      })),
    )
    .returning('last_offset'),
);

const insertEvents = prepared(
  (
    db,
    rows: {
      userIds: bigint[];
      offsets: bigint[];
      streams: string[];
      data: string[];
      createdAts: string[];
    },
  ) =>
    db.insertInto('realtime_events').values(
      rows.userIds.map((userId, index) => ({
        user_id: userId,
        event_offset: rows.offsets[index]!,
        stream: rows.streams[index]!,
        data: rows.data[index]!,
        created_at: rows.createdAts[index]!,
      })),
    ),
);

/**
 * Publishes an event to every user (a notice): stored once, in `db`'s transaction, whatever
 * the number of users; each user's copy is made when their events are next read
 * (history.ts foldBroadcasts). Costs one statement on PostgreSQL.
 */
export async function publishBroadcast(
  db: AppDatabase,
  stream: RealtimeStream,
  data: RealtimeEventData,
  now: Date,
): Promise<void> {
  const payload = JSON.stringify(data);
  const at = now.toISOString();
  if (db.dialect === 'postgres') {
    await sql`SELECT realtime_broadcast(${stream}, ${payload}, ${at})`.execute(db.kysely);
    return;
  }
  await inTransaction(db, async (trx) => {
    const head = await trx.kysely
      .updateTable('realtime_broadcast_head')
      .set((eb) => ({ last_id: eb('last_id', '+', 1n) }))
      .where('id', '=', 1n)
      .returning('last_id')
      .executeTakeFirstOrThrow();
    await trx.kysely
      .insertInto('realtime_broadcasts')
      .values({ id: head.last_id, stream, data: payload, created_at: at })
      .execute();
    signalLocallyAfterCommit(trx, [{ type: 'broadcast' }]);
  });
}
