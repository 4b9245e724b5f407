// The realtime hub (server/realtime/): open sockets, events pushed, how long an event takes
// from the signal that it committed to its push, and why sockets close.
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

export interface RealtimeMetrics {
  socketOpened(): void;
  /** A socket closed, with the code the server closed it with (or the client's). */
  socketClosed(code: number): void;
  /** Events written to sockets. */
  pushed(count: number): void;
  /** From hearing that an event committed to writing it to the sockets, in milliseconds. */
  fanoutLatency(ms: number): void;
  /** The PostgreSQL listener was lost and is back. */
  listenerReconnected(): void;
}

export function createRealtimeMetrics(registers: Registry[]): RealtimeMetrics {
  const open = new Gauge({
    name: 'ju_realtime_sockets',
    help: 'Open realtime sockets on this server',
    registers,
  });
  const closes = new Counter({
    name: 'ju_realtime_socket_closes_total',
    help: 'Realtime sockets closed, by close code (docs/protocol.md)',
    labelNames: ['code'],
    registers,
  });
  const events = new Counter({
    name: 'ju_realtime_events_pushed_total',
    help: 'Realtime events written to sockets (one per socket that receives it)',
    registers,
  });
  const latency = new Histogram({
    name: 'ju_realtime_fanout_seconds',
    help: 'From hearing an event committed (NOTIFY, or in process on SQLite) to pushing it',
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers,
  });
  const reconnects = new Counter({
    name: 'ju_realtime_listener_reconnects_total',
    help: 'Times the PostgreSQL LISTEN connection was lost and made again',
    registers,
  });
  return {
    socketOpened: () => open.inc(),
    socketClosed(code) {
      open.dec();
      closes.inc({ code: String(code) });
    },
    pushed: (count) => events.inc(count),
    fanoutLatency: (ms) => latency.observe(ms / 1000),
    listenerReconnected: () => reconnects.inc(),
  };
}
