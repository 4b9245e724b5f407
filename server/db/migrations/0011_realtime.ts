// The realtime hub's tables (server/realtime/, docs/protocol.md "Realtime"):
// - realtime_offsets: one row per user, their latest event offset. The transaction that
//   writes a user's events updates it, so it holds the row's lock until it commits: one
//   user's events commit in offset order, and a reader that has seen offset n has seen every
//   offset below it (a global sequence would not do: transactions commit out of its order);
// - realtime_events: the outbox and the bounded history a reconnecting client recovers from,
//   written in the same transaction as the change it reports;
// - realtime_broadcasts and realtime_broadcast_head: events for every user (a notice
//   published) stored once; each user's copy, with its own offset, is made when that user's
//   events are next read (`broadcast_seen` says up to which broadcast), so a publication
//   costs the same whatever the number of users. The head row is locked by each
//   publication, so broadcasts commit in id order;
// - realtime_tickets: single-use socket tickets (their SHA-256), bound to a session and gone
//   with it.
// On PostgreSQL two functions keep writing a transaction's events, and publishing a broadcast,
// one statement each (one round trip), and send the NOTIFY that wakes the processes holding
// the users' sockets, delivered at commit.
import { sql } from 'kysely';
import { dialectOf, type UntypedKysely } from '../dialect.ts';

export async function up(db: UntypedKysely): Promise<void> {
  const dialect = dialectOf(db);

  await db.schema
    .createTable('realtime_offsets')
    .addColumn('user_id', 'bigint', (col) => col.primaryKey())
    .addColumn('last_offset', 'bigint', (col) => col.notNull())
    .addColumn('broadcast_seen', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('realtime_events')
    .addColumn('user_id', 'bigint', (col) => col.notNull())
    .addColumn('event_offset', 'bigint', (col) => col.notNull())
    .addColumn('stream', 'text', (col) => col.notNull())
    .addColumn('data', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('realtime_events_pk', ['user_id', 'event_offset'])
    .execute();
  await db.schema
    .createIndex('realtime_events_created_at')
    .on('realtime_events')
    .column('created_at')
    .execute();

  await db.schema
    .createTable('realtime_broadcasts')
    .addColumn('id', 'bigint', (col) => col.primaryKey())
    .addColumn('stream', 'text', (col) => col.notNull())
    .addColumn('data', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('realtime_broadcast_head')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('last_id', 'bigint', (col) => col.notNull())
    .addCheckConstraint('realtime_broadcast_head_one_row', sql`id = 1`)
    .execute();
  await db.insertInto('realtime_broadcast_head').values({ id: 1, last_id: 0 }).execute();

  await db.schema
    .createTable('realtime_tickets')
    .addColumn('ticket_hash', 'text', (col) => col.primaryKey())
    .addColumn('session_id', 'bigint', (col) =>
      col.notNull().references('sessions.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('session_expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('realtime_tickets_session_id')
    .on('realtime_tickets')
    .column('session_id')
    .execute();
  await db.schema
    .createIndex('realtime_tickets_expires_at')
    .on('realtime_tickets')
    .column('expires_at')
    .execute();

  if (dialect === 'postgres') await postgresFunctions(db);
}

async function postgresFunctions(db: UntypedKysely): Promise<void> {
  // A transaction's events, grouped by user, users in id order (two transactions never lock
  // two counters in opposite orders): one counter update and one insert per user, and one
  // NOTIFY per user with the user's latest offset.
  await sql`
    CREATE FUNCTION realtime_emit(
      user_ids bigint[], streams text[], payloads text[], created text[])
    RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      total integer := coalesce(array_length(user_ids, 1), 0);
      from_index integer := 1;
      to_index integer;
      latest bigint;
    BEGIN
      WHILE from_index <= total LOOP
        to_index := from_index;
        WHILE to_index < total AND user_ids[to_index + 1] = user_ids[from_index] LOOP
          to_index := to_index + 1;
        END LOOP;
        INSERT INTO realtime_offsets AS o (user_id, last_offset, broadcast_seen)
          VALUES (user_ids[from_index], to_index - from_index + 1,
                  (SELECT h.last_id FROM realtime_broadcast_head h))
          ON CONFLICT (user_id)
          DO UPDATE SET last_offset = o.last_offset + (to_index - from_index + 1)
          RETURNING o.last_offset INTO latest;
        INSERT INTO realtime_events (user_id, event_offset, stream, data, created_at)
          SELECT user_ids[from_index], latest - (to_index - k), streams[k], payloads[k], created[k]
          FROM generate_series(from_index, to_index) AS k;
        PERFORM pg_notify('ju_realtime', 'e:' || user_ids[from_index] || ':' || latest);
        from_index := to_index + 1;
      END LOOP;
    END
    $$`.execute(db);

  // A broadcast: the head row's lock orders publications, so their ids commit in order.
  await sql`
    CREATE FUNCTION realtime_broadcast(new_stream text, new_data text, at text)
    RETURNS bigint LANGUAGE plpgsql AS $$
    DECLARE new_id bigint;
    BEGIN
      UPDATE realtime_broadcast_head SET last_id = last_id + 1 WHERE id = 1
        RETURNING last_id INTO new_id;
      INSERT INTO realtime_broadcasts (id, stream, data, created_at)
        VALUES (new_id, new_stream, new_data, at);
      PERFORM pg_notify('ju_realtime', 'b:' || new_id);
      RETURN new_id;
    END
    $$`.execute(db);
}

export async function down(db: UntypedKysely): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`DROP FUNCTION realtime_broadcast(text, text, text)`.execute(db);
    await sql`DROP FUNCTION realtime_emit(bigint[], text[], text[], text[])`.execute(db);
  }
  for (const table of [
    'realtime_tickets',
    'realtime_broadcast_head',
    'realtime_broadcasts',
    'realtime_events',
    'realtime_offsets',
  ])
    await db.schema.dropTable(table).execute();
}
