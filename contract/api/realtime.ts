// The realtime hub's contract (spec §7 "Realtime", §9 "Realtime channel limits"; the full
// protocol is in docs/protocol.md): the socket ticket endpoint, the stream names, the messages
// both ways, the close codes and the client's timing numbers. The server (server/realtime/)
// and the app (src/realtime/) both import it, so neither can drift from the other.
import * as v from 'valibot';
import { CACHE_AREAS, RECORD_AREAS, type CacheArea } from './cacheAreaNames.ts';
import { defineEndpoint } from './endpoint.ts';

/** The streams a signed-in user may subscribe to; each carries only that user's events. */
export const REALTIME_STREAMS = [
  'user@balance',
  'user@record',
  'user@card',
  'user@order',
  'user@notice',
] as const;
export type RealtimeStream = (typeof REALTIME_STREAMS)[number];

export const realtimeStreamSchema = v.picklist(REALTIME_STREAMS);

/** POST wsTicket: a single-use ticket, valid 30 s, that opens one socket for this session. */
export const wsTicketDataSchema = v.object({
  /** Goes in the socket URL's `token` query parameter (spec §7); never the session token. */
  ticket: v.string(),
  /** The user's latest event offset now: a first SUBSCRIBE sends it as `since`. */
  offset: v.number(),
});
export type WsTicketData = v.InferOutput<typeof wsTicketDataSchema>;

export const realtimePaths = { wsTicket: '/api/v1/user/wsTicket' } as const;

export const realtimeEndpoints = {
  wsTicket: defineEndpoint({
    method: 'POST',
    path: realtimePaths.wsTicket,
    output: wsTicketDataSchema,
    userRateLimit: 'wsTicket',
  }),
};

/** How long a socket ticket may wait to be used. */
export const WS_TICKET_TTL_MS = 30_000;

/**
 * What one event says happened: `changes` names the app's cached areas it changes (the app
 * refreshes exactly those); a received ticket transfer also says how much, for its toast.
 */
export const realtimeEventDataSchema = v.object({
  /** What happened, e.g. `transfer_received`, `withdrawal_settled`, `notice_published`. */
  kind: v.string(),
  changes: v.array(v.picklist(CACHE_AREAS)),
  /** Decimal string in the asset's units, on a received transfer. */
  amount: v.optional(v.string()),
  /** The asset moved, on a received transfer (e.g. `ticket`, `JU`). */
  asset: v.optional(v.string()),
});
export type RealtimeEventData = v.InferOutput<typeof realtimeEventDataSchema>;

/** A stream event; `offset` increases per user across all their streams. */
export const realtimeEventSchema = v.object({
  stream: realtimeStreamSchema,
  data: realtimeEventDataSchema,
  offset: v.number(),
});
export type RealtimeEvent = v.InferOutput<typeof realtimeEventSchema>;

/** Client → server. `since` on SUBSCRIBE asks for the events after that offset first. */
export type RealtimeRequest =
  | { method: 'SUBSCRIBE'; params: RealtimeStream[]; id: number; since?: number }
  | { method: 'UNSUBSCRIBE'; params: RealtimeStream[]; id: number }
  | { method: 'GET_TIME'; id: number }
  | { method: 'PING'; id?: number };

/** SUBSCRIBE with `since`: whether every missed event follows, and the latest offset. */
export const recoveryResultSchema = v.object({ recovered: v.boolean(), offset: v.number() });
export type RecoveryResult = v.InferOutput<typeof recoveryResultSchema>;

export const REALTIME_ERROR_CODES = [
  'bad_message',
  'unknown_method',
  'stream_not_allowed',
  'too_many_requests',
] as const;
export type RealtimeErrorCode = (typeof REALTIME_ERROR_CODES)[number];

/** Server → client: the answer to a request, by its id. */
export const realtimeAnswerSchema = v.object({
  id: v.optional(v.number()),
  result: v.unknown(),
});

/** Server → client: a request refused, by its id. */
export const realtimeRefusalSchema = v.object({
  id: v.optional(v.number()),
  error: v.object({ code: v.string(), msg: v.string() }),
});

export type RealtimeServerMessage =
  | RealtimeEvent
  | v.InferOutput<typeof realtimeAnswerSchema>
  | v.InferOutput<typeof realtimeRefusalSchema>;

/**
 * Server → client: a stream event, an answer or a refusal. The same test as a `v.union` of the
 * three, written with `v.custom`: the app loads this file after sign-in, and the bundler would
 * otherwise put valibot's union (unused by the app) into the first screen it keeps small.
 */
export const realtimeServerMessageSchema = v.custom<RealtimeServerMessage>((input) =>
  [realtimeEventSchema, realtimeAnswerSchema, realtimeRefusalSchema].some(
    (schema) => v.safeParse(schema, input).success,
  ),
);

/**
 * Close codes. §9: the app never reconnects after 1000, 1001 or 1005 (a close without a
 * code), so the server closes with NORMAL only when the session ended, and never code-less.
 */
export const CLOSE_CODES = {
  /** The session ended (sign-out, sign-out everywhere, expiry): do not come back. */
  sessionEnded: 1000,
  goingAway: 1001,
  noStatus: 1005,
  /** The server is stopping or restarting: come back. */
  serviceRestart: 1012,
  /** Missing, unknown, used or expired ticket: fetch a new ticket and come back. */
  ticketRefused: 4001,
  /** The Origin is not the site's. */
  originRefused: 4003,
  /** No subscriptions for 30 s. */
  idle: 4004,
  /** Too many messages, or one too large. */
  policy: 4008,
  /** Too many sockets for this user or session. */
  tooManySockets: 4009,
  /** No reply to the server's pings. */
  unresponsive: 4010,
} as const;

/** §9: the close codes after which the app does not reconnect. */
export const NO_RECONNECT_CODES: ReadonlySet<number> = new Set([1000, 1001, 1005]);

/** §9 "Realtime channel limits", exactly. */
export const REALTIME_TIMING = {
  connectTimeoutMs: 10_000,
  heartbeatIntervalMs: 30_000,
  heartbeatReplyTimeoutMs: 10_000,
  networkCheckIntervalMs: 60_000,
  staleAfterMs: 120_000,
  maxReconnectAttempts: 10,
  backoffInitialMs: 1_000,
  backoffMaxMs: 60_000,
  afterMaxAttemptsWaitMs: 5 * 60_000,
  idleCloseMs: 30_000,
} as const;

/** Spec §4: the connection's states. */
export type RealtimeState = 'disconnected' | 'connecting' | 'connected' | 'reconnecting' | 'error';

/** Which cached areas each stream's events may change (the event's `changes` is exact). */
export const STREAM_AREAS: Readonly<Record<RealtimeStream, readonly CacheArea[]>> = {
  'user@balance': ['balances', 'userInfo'],
  'user@record': RECORD_AREAS,
  'user@card': ['cards'],
  'user@order': ['orders'],
  'user@notice': ['notices'],
};
