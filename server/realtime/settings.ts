// Realtime hub settings, from the environment (docs/protocol.md, "Limits"; operators'
// table in docs/operations.md). The §9 timings are the contract's (contract/api/realtime.ts), not
// settings: the app counts on them.

export interface RealtimeSettings {
  /**
   * Open sockets per client IP (the TCP peer), counted apart from HTTP connections
   * (MAX_CONNECTIONS_PER_IP): many phones share one carrier address. 0: no cap.
   */
  maxSocketsPerIp: number;
  /** Open sockets per user, and per session, on one server process. */
  maxSocketsPerUser: number;
  maxSocketsPerSession: number;
  /** A client message longer than this closes the socket (4008). */
  maxMessageBytes: number;
  /** Client messages per socket per minute; one more closes the socket (4008). */
  messagesPerMinute: number;
  /** How often the server pings each socket; a ping unanswered by the next one closes it (4010). */
  pingIntervalMs: number;
  /** How often deadlines (idle, ping, session expiry) are checked against the clock; not
   * an environment setting (tests shorten it to see a deadline pass without waiting). */
  sweepMs: number;
}

/** `integer` reads a setting within bounds (config.ts passes its own, to avoid an import cycle). */
export function readRealtimeSettings(
  integer: (name: string, fallback: number, min: number, max: number) => number,
  behindProxy: boolean,
): RealtimeSettings {
  return {
    // Behind a proxy every socket comes from the proxy's address: no cap unless asked.
    maxSocketsPerIp: integer('MAX_SOCKETS_PER_IP', behindProxy ? 0 : 4096, 0, 10_000_000),
    maxSocketsPerUser: integer('REALTIME_MAX_SOCKETS_PER_USER', 20, 1, 10_000),
    maxSocketsPerSession: integer('REALTIME_MAX_SOCKETS_PER_SESSION', 4, 1, 10_000),
    maxMessageBytes: integer('REALTIME_MAX_MESSAGE_BYTES', 4096, 256, 65_536),
    messagesPerMinute: integer('REALTIME_MESSAGES_PER_MINUTE', 120, 10, 1_000_000),
    pingIntervalMs: integer('REALTIME_PING_SECONDS', 30, 5, 3600) * 1000,
    sweepMs: 1000,
  };
}
