// The realtime hub's client (spec §4 "Realtime connection", §7 "Realtime", §8 "Realtime
// errors", §9 "Realtime channel limits"): one socket for the signed-in session, kept alive,
// checked and brought back by the numbers of REALTIME_TIMING, and nothing else. It knows no
// React, no router and no app singleton: the socket, the ticket, the clock and the network
// and page signals are handed in (RealtimeHost.tsx wires the browser's), so every number can
// be tested with a fake clock and a fake socket.
import * as v from 'valibot';
import {
  NO_RECONNECT_CODES,
  REALTIME_TIMING,
  realtimeEventSchema,
  recoveryResultSchema,
  type RealtimeEvent,
  type RealtimeRequest,
  type RealtimeState,
  type RealtimeStream,
  type WsTicketData,
} from '../../contract/api/realtime.ts';

/** The §8 realtime errors, as the hub detects them. */
export type RealtimeError = 'connectionTimeout' | 'heartbeatTimeout' | 'abnormalState';

/** What the hub hears from its socket. */
export interface SocketListeners {
  open(): void;
  message(text: string): void;
  close(code: number): void;
}

/** The two things the hub does to a socket. */
export interface HubSocket {
  send(text: string): void;
  close(code: number, reason: string): void;
}

export interface HubClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The browser's network and page signals. */
export interface HubSignals {
  /** Whether the browser believes it is online (`navigator.onLine`). */
  online(): boolean;
  /** Calls back when the network comes back or goes, and when the page becomes visible. */
  watch(on: { online(): void; offline(): void; visible(): void }): () => void;
}

export interface HubDeps {
  /**
   * A fresh single-use ticket (POST wsTicket); null when there is no session any more (a 401:
   * the app's session handling takes it from there), and the hub stops.
   */
  fetchTicket(signal: AbortSignal): Promise<WsTicketData | null>;
  /** The socket's address for a ticket: `realtime_url` with `?token=<ticket>`. */
  socketUrl(ticket: string): string;
  openSocket(url: string, on: SocketListeners): HubSocket;
  clock: HubClock;
  signals: HubSignals;
  /** A new event (never one seen before) on a subscribed stream. */
  onEvent(event: RealtimeEvent): void;
  /** The server could not replay what these streams missed: refetch what they cover. */
  onMissed(streams: readonly RealtimeStream[]): void;
  /** The server closed with a code after which the hub never reconnects (1000: session ended). */
  onClosedForGood?(code: number): void;
}

export interface HubSnapshot {
  state: RealtimeState;
  /** The last §8 error, until a connection works again. */
  error: RealtimeError | null;
  /** Reconnect attempts made since the connection last worked (up to 10, then a pause). */
  attempt: number;
  /** When the next attempt starts (clock time), while the hub waits for it. */
  nextAttemptAt: number | null;
}

export interface Hub {
  start(): void;
  /** Closes the socket (code 1000) for good and forgets the offsets: the session is over. */
  stop(): void;
  subscribe(streams: readonly RealtimeStream[]): void;
  unsubscribe(streams: readonly RealtimeStream[]): void;
  /** Connect now rather than after the wait (the user asked; the network or page is back). */
  retryNow(): void;
  snapshot(): HubSnapshot;
  onChange(listener: (snapshot: HubSnapshot) => void): () => void;
  /** The last event offset seen; null before the first ticket. */
  lastOffset(): number | null;
}

/** How the app closes a socket it gives up on to open a new one (RFC 6455 private range). */
export const CLIENT_RECONNECT_CLOSE = 4000;
/** How the app closes a socket it is done with: sign-out, or no subscriptions. */
export const CLIENT_NORMAL_CLOSE = 1000;

/** The wait before reconnect attempt `n` (1-based): 1 s, 2 s, 4 s … capped at 60 s. */
export function backoffDelay(attempt: number): number {
  return Math.min(
    REALTIME_TIMING.backoffInitialMs * 2 ** (attempt - 1),
    REALTIME_TIMING.backoffMaxMs,
  );
}

type Phase =
  /** Not started, or stopped. */
  | 'stopped'
  /** Closed after 30 s with no subscriptions; a subscription opens it again. */
  | 'idle'
  /** The browser is offline: no attempts until it is back. */
  | 'offline'
  /** Fetching a ticket and opening the socket. */
  | 'opening'
  | 'open'
  /** Waiting out the backoff, or the pause after the last attempt. */
  | 'waiting'
  /** Closed with 1000, 1001 or 1005: never reconnects. */
  | 'ended';

type Pending = { kind: 'heartbeat' } | { kind: 'subscribe'; streams: RealtimeStream[] };

export function createHub(deps: HubDeps): Hub {
  const { clock, signals } = deps;
  const T = REALTIME_TIMING;
  const streams = new Set<RealtimeStream>();
  const listeners = new Set<(snapshot: HubSnapshot) => void>();
  const pending = new Map<number, Pending>();

  let phase: Phase = 'stopped';
  let error: RealtimeError | null = null;
  /** Reconnect attempts since the connection last worked. */
  let attempt = 0;
  /** Whether the wait under way is the long pause after the last attempt. */
  let pausing = false;
  let everConnected = false;
  let nextAttemptAt: number | null = null;
  let lastOffset: number | null = null;
  let lastReceivedAt = 0;
  let nextId = 1;
  /** Each connection's number: what an old socket or ticket says afterwards is ignored. */
  let generation = 0;
  let socket: HubSocket | null = null;
  let ticketRequest: AbortController | null = null;
  let unwatch: (() => void) | null = null;
  let last: HubSnapshot = snapshot();

  const timers = {
    connect: null as unknown,
    retry: null as unknown,
    heartbeat: null as unknown,
    reply: null as unknown,
    network: null as unknown,
    idle: null as unknown,
  };
  type TimerName = keyof typeof timers;

  function later(name: TimerName, ms: number, run: () => void) {
    stopTimer(name);
    timers[name] = clock.setTimeout(() => {
      timers[name] = null;
      run();
    }, ms);
  }

  function stopTimer(name: TimerName) {
    if (timers[name] !== null) clock.clearTimeout(timers[name]);
    timers[name] = null;
  }

  function snapshot(): HubSnapshot {
    let state: RealtimeState;
    if (phase === 'open') state = 'connected';
    else if (phase === 'opening')
      state = everConnected || attempt > 0 ? 'reconnecting' : 'connecting';
    else if (phase === 'waiting') state = pausing ? 'error' : 'reconnecting';
    else state = 'disconnected';
    return { state, error, attempt, nextAttemptAt };
  }

  function emit() {
    const now = snapshot();
    if (
      now.state === last.state &&
      now.error === last.error &&
      now.attempt === last.attempt &&
      now.nextAttemptAt === last.nextAttemptAt
    )
      return;
    last = now;
    for (const listener of listeners) listener(now);
  }

  function send(request: RealtimeRequest) {
    socket?.send(JSON.stringify(request));
  }

  /** Forgets the connection under way or open: its socket, its timers, its requests. */
  function dropConnection(code: number, reason: string) {
    generation++;
    ticketRequest?.abort();
    ticketRequest = null;
    const closing = socket;
    socket = null;
    pending.clear();
    for (const name of ['connect', 'heartbeat', 'reply', 'network', 'idle'] as const)
      stopTimer(name);
    closing?.close(code, reason);
  }

  function connect() {
    stopTimer('retry');
    nextAttemptAt = null;
    pausing = false;
    dropConnection(CLIENT_RECONNECT_CLOSE, 'reconnect');
    phase = 'opening';
    const mine = generation;
    const request = new AbortController();
    ticketRequest = request;
    later('connect', T.connectTimeoutMs, () => fail('connectionTimeout'));
    emit();
    deps.fetchTicket(request.signal).then(
      (ticket) => {
        if (mine !== generation) return;
        ticketRequest = null;
        if (!ticket) return stop();
        // The first connection asks for what happened since the ticket was issued.
        lastOffset ??= ticket.offset;
        const live = () => mine === generation;
        try {
          socket = deps.openSocket(deps.socketUrl(ticket.ticket), {
            open: () => live() && opened(),
            message: (text) => live() && received(text),
            close: (code) => live() && closed(code),
          });
        } catch {
          fail(null);
        }
      },
      () => {
        if (mine === generation) fail(null);
      },
    );
  }

  function opened() {
    stopTimer('connect');
    phase = 'open';
    everConnected = true;
    lastReceivedAt = clock.now();
    later('heartbeat', T.heartbeatIntervalMs, heartbeat);
    later('network', T.networkCheckIntervalMs, networkCheck);
    if (streams.size > 0) {
      sendSubscribe([...streams], lastOffset ?? undefined);
    } else {
      // Nothing to confirm the connection with: it works.
      attempt = 0;
      error = null;
      idleUnlessSubscribed();
    }
    emit();
  }

  function sendSubscribe(list: RealtimeStream[], since?: number) {
    const id = nextId++;
    pending.set(id, { kind: 'subscribe', streams: list });
    send({ method: 'SUBSCRIBE', params: list, id, ...(since === undefined ? {} : { since }) });
  }

  function heartbeat() {
    const id = nextId++;
    pending.set(id, { kind: 'heartbeat' });
    send({ method: 'GET_TIME', id });
    later('reply', T.heartbeatReplyTimeoutMs, () => fail('heartbeatTimeout'));
    later('heartbeat', T.heartbeatIntervalMs, heartbeat);
  }

  /** Stale: nothing heard for 120 s (a sleeping device, a dead route the socket never saw). */
  function isStale() {
    return clock.now() - lastReceivedAt >= T.staleAfterMs;
  }

  function networkCheck() {
    if (isStale()) return fail('abnormalState');
    later('network', T.networkCheckIntervalMs, networkCheck);
  }

  function idleUnlessSubscribed() {
    if (phase !== 'open' || streams.size > 0 || timers.idle !== null) return;
    later('idle', T.idleCloseMs, () => {
      dropConnection(CLIENT_NORMAL_CLOSE, 'no subscriptions');
      phase = 'idle';
      emit();
    });
  }

  function received(text: string) {
    lastReceivedAt = clock.now();
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (typeof message !== 'object' || message === null) return;
    if ('stream' in message) {
      const parsed = v.safeParse(realtimeEventSchema, message);
      if (parsed.success) event(parsed.output);
      return;
    }
    const id = (message as { id?: unknown }).id;
    const request = typeof id === 'number' ? pending.get(id) : undefined;
    if (!request) return;
    pending.delete(id as number);
    if (request.kind === 'heartbeat') {
      stopTimer('reply');
      return;
    }
    if ('error' in message) {
      // Refused streams are not subscriptions; with none left the socket closes in 30 s.
      for (const stream of request.streams) streams.delete(stream);
      idleUnlessSubscribed();
      return;
    }
    const recovery = v.safeParse(recoveryResultSchema, (message as { result?: unknown }).result);
    if (recovery.success && !recovery.output.recovered) {
      // The server's history does not reach back far enough: what those streams cover is
      // fetched again, and the events from here on are the ones that count.
      lastOffset = Math.max(lastOffset ?? recovery.output.offset, recovery.output.offset);
      deps.onMissed(request.streams);
    }
    // Subscribed: the connection works, so the next loss starts the backoff from 1 s again.
    attempt = 0;
    error = null;
    emit();
  }

  function event(event: RealtimeEvent) {
    // A replay may repeat what was already seen: offsets increase per user across streams.
    if (lastOffset !== null && event.offset <= lastOffset) return;
    lastOffset = event.offset;
    if (streams.has(event.stream)) deps.onEvent(event);
  }

  function closed(code: number) {
    // Already closed: nothing to close again (and 1005 is no code to close with).
    socket = null;
    if (NO_RECONNECT_CODES.has(code)) {
      dropConnection(code, '');
      phase = 'ended';
      emit();
      deps.onClosedForGood?.(code);
      return;
    }
    // 1006, 1012 (restart), 4001 (ticket refused: the next attempt fetches a new one)…
    fail(null);
  }

  /** The connection failed or was lost: try again after the backoff, or quietly wait offline. */
  function fail(reason: RealtimeError | null) {
    dropConnection(CLIENT_RECONNECT_CLOSE, reason ?? 'closed');
    if (reason) error = reason;
    if (!signals.online()) {
      phase = 'offline';
      emit();
      return;
    }
    phase = 'waiting';
    pausing = attempt >= T.maxReconnectAttempts;
    const delay = pausing ? T.afterMaxAttemptsWaitMs : backoffDelay(attempt + 1);
    nextAttemptAt = clock.now() + delay;
    later('retry', delay, () => {
      attempt = pausing ? 0 : attempt + 1;
      connect();
    });
    emit();
  }

  /** Connect at once if the hub is waiting (backoff, pause, offline); the count starts again. */
  function comeBack() {
    if (phase !== 'waiting' && phase !== 'offline') return;
    if (!signals.online()) return;
    attempt = 0;
    connect();
  }

  function start() {
    if (phase !== 'stopped') return;
    unwatch = signals.watch({
      online: comeBack,
      offline: () => {
        // Offline, the hub stays quiet: no attempt is started until the network is back. An
        // open socket is left alone (the heartbeat tells whether it still works).
        if (phase !== 'waiting') return;
        stopTimer('retry');
        nextAttemptAt = null;
        phase = 'offline';
        emit();
      },
      visible: () => {
        if (phase === 'open') {
          // Timers sleep with a hidden page: look at the connection now.
          if (isStale()) fail('abnormalState');
        } else comeBack();
      },
    });
    if (signals.online()) connect();
    else {
      phase = 'offline';
      emit();
    }
  }

  function stop() {
    dropConnection(CLIENT_NORMAL_CLOSE, 'signed out');
    stopTimer('retry');
    unwatch?.();
    unwatch = null;
    phase = 'stopped';
    everConnected = false;
    error = null;
    attempt = 0;
    nextAttemptAt = null;
    lastOffset = null;
    emit();
  }

  return {
    start,
    stop,
    subscribe(list) {
      const added = list.filter((stream) => !streams.has(stream));
      for (const stream of added) streams.add(stream);
      if (added.length === 0) return;
      if (phase === 'open') {
        stopTimer('idle');
        sendSubscribe(added);
      } else if (phase === 'idle' && signals.online()) {
        attempt = 0;
        connect();
      }
    },
    unsubscribe(list) {
      const removed = list.filter((stream) => streams.delete(stream));
      if (removed.length === 0 || phase !== 'open') return;
      send({ method: 'UNSUBSCRIBE', params: removed, id: nextId++ });
      idleUnlessSubscribed();
    },
    retryNow: comeBack,
    snapshot: () => last,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    lastOffset: () => lastOffset,
  };
}
