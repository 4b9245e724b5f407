// Table types of the realtime hub (migration 0011; server/realtime/).

/** A user's latest event offset; the transaction writing their events holds this row. */
export interface RealtimeOffsetsTable {
  user_id: bigint;
  last_offset: bigint;
  /** The last broadcast copied into the user's events (realtime/history.ts). */
  broadcast_seen: bigint;
}

/** One event of one user: the outbox, and the history a reconnecting client recovers from. */
export interface RealtimeEventsTable {
  user_id: bigint;
  /** Per user, increasing by one with each event (the wire's `offset`). */
  event_offset: bigint;
  stream: string;
  /** The event's `data`, as JSON. */
  data: string;
  created_at: string;
}

/** An event for every user (a notice published), stored once. */
export interface RealtimeBroadcastsTable {
  id: bigint;
  stream: string;
  data: string;
  created_at: string;
}

/** One row: the id of the latest broadcast; each publication locks it. */
export interface RealtimeBroadcastHeadTable {
  id: bigint;
  last_id: bigint;
}

/** A single-use socket ticket (its SHA-256), bound to a session and deleted with it. */
export interface RealtimeTicketsTable {
  ticket_hash: string;
  session_id: bigint;
  user_id: bigint;
  expires_at: string;
  session_expires_at: string;
}

export interface RealtimeTables {
  realtime_offsets: RealtimeOffsetsTable;
  realtime_events: RealtimeEventsTable;
  realtime_broadcasts: RealtimeBroadcastsTable;
  realtime_broadcast_head: RealtimeBroadcastHeadTable;
  realtime_tickets: RealtimeTicketsTable;
}
