// The outbox: an operation records its realtime events in its own transaction, so they commit
// with it or not at all, and are pushed only after they have (signals.ts). Each user's events
// take that user's next offsets.
//
// Events gathered during a transaction are written at its end, in one step
// (db/transaction.ts addToBatch): on PostgreSQL one statement for the whole transaction
// (realtime_emit, migration 0011), which also sends the NOTIFY, sent together with the
// COMMIT; the users' counters are locked in id order, once each, only from there to the
// COMMIT.
import { CompiledQuery, sql } from 'kysely';
import type { RealtimeEventData, RealtimeStream } from '../../contract/api/realtime.ts';
import type { AppDatabase } from '../db/database.ts';
import { executePipelined } from '../db/pipeline.ts';
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
    // Nothing reads its answer: it goes out with the COMMIT (db/pipeline.ts).
    await executePipelined(
      db,
      CompiledQuery.raw(EMIT, [
        sorted.map((event) => event.userId),
        sorted.map((event) => event.stream),
        sorted.map((event) => event.data),
        sorted.map((event) => event.createdAt),
      ]),
    );
    return;
  }
  // SQLite: two statements for the whole transaction's events, whatever their users.
  await inTransaction(db, async (trx) => {
    const counts = new Map<bigint, bigint>();
    for (const event of sorted) counts.set(event.userId, (counts.get(event.userId) ?? 0n) + 1n);
    const users = [...counts.keys()];
    const advanced = await advanceOffsets(trx, {
      userIds: users,
      counts: users.map((userId) => counts.get(userId)!),
    });
    const latest = new Map(advanced.map((row) => [row.user_id, row.last_offset]));
    // Each user's events take the offsets just reserved, in the order they were emitted.
    const next = new Map(
      users.map((userId) => [userId, latest.get(userId)! - counts.get(userId)!]),
    );
    await insertEvents(trx, {
      userIds: sorted.map((event) => event.userId),
      offsets: sorted.map((event) => {
        const offset = next.get(event.userId)! + 1n;
        next.set(event.userId, offset);
        return offset;
      }),
      streams: sorted.map((event) => event.stream),
      data: sorted.map((event) => event.data),
      createdAts: sorted.map((event) => event.createdAt),
    });
    signalLocallyAfterCommit(
      trx,
      users.map((userId): RealtimeSignal => ({
        type: 'event',
        userId,
        offset: latest.get(userId)!,
      })),
    );
  });
}

// Compiled once: it runs with every money operation.
const EMIT = 'SELECT realtime_emit($1::bigint[], $2::text[], $3::text[], $4::text[])';

// SQLite's side of realtime_emit: a user new to realtime starts with the broadcasts so far
// counted as seen (what was published before has nothing to tell them).
const advanceOffsets = prepared(
  (db, { userIds, counts }: { userIds: bigint[]; counts: bigint[] }) =>
    db
      .insertInto('realtime_offsets')
      .values((eb) =>
        userIds.map((userId, index) => ({
          user_id: userId,
          last_offset: counts[index]!,
          broadcast_seen: eb.selectFrom('realtime_broadcast_head').select('last_id'),
        })),
      )
      .onConflict((conflict) =>
        conflict.column('user_id').doUpdateSet((eb) => ({
          last_offset: eb('realtime_offsets.last_offset', '+', eb.ref('excluded.last_offset')),
        })),
      )
      .returning(['user_id', 'last_offset']),
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
