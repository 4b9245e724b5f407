// One open socket: its subscriptions, the protocol's requests, recovery from an offset, and
// the limits that close it (docs/protocol.md, "Close codes" and "Limits"). Every deadline is
// on the server's clock, checked by the hub's sweep (`tick`), so tests move the clock
// instead of waiting.
import type { WebSocket } from 'ws';
import { CLOSE_CODES, REALTIME_TIMING, type RealtimeStream } from '../../contract/api/realtime.ts';
import type { RealtimeMetrics } from '../metrics/realtimeMetrics.ts';
import type { Recovery, StoredEvent } from './history.ts';
import { errorText, eventText, parseMessage, resultText } from './protocol.ts';
import type { RealtimeSettings } from './settings.ts';
import type { TicketHolder } from './tickets.ts';

/** What a connection needs from the hub that holds it. */
export interface ConnectionServices {
  readonly settings: RealtimeSettings;
  readonly metrics: RealtimeMetrics;
  now(): Date;
  /** The user's events after `since`, if history holds them all (history.ts). */
  recover(userId: bigint, since: bigint): Promise<Recovery>;
  /** The socket has closed (either side), with this code. */
  closed(connection: Connection, code: number): void;
  /** A recovery failed on the server's side. */
  failed(error: unknown): void;
}

/** A client not reading its socket: beyond this much unsent, it is closed. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

export class Connection {
  readonly userId: bigint;
  readonly sessionId: bigint;
  readonly #sessionEndsAt: number;
  readonly #ws: WebSocket;
  readonly #services: ConnectionServices;
  readonly #streams = new Set<RealtimeStream>();
  /** A SUBSCRIBE with `since` under way: live events of its new streams wait for it. */
  #recovery: { streams: Set<RealtimeStream>; queue: StoredEvent[] } | null = null;
  /** Since when it has had no subscription (clock ms); null while it has some. */
  #idleSince: number | null;
  #nextPingAt: number;
  #awaitingPong = false;
  #window = { startedAt: 0, count: 0 };
  #closing = false;
  /** Resolves once the socket has closed. */
  readonly closed: Promise<void>;

  constructor(ws: WebSocket, holder: TicketHolder, services: ConnectionServices) {
    this.userId = holder.userId;
    this.sessionId = holder.sessionId;
    this.#sessionEndsAt = holder.sessionExpiresAt.getTime();
    this.#ws = ws;
    this.#services = services;
    const now = services.now().getTime();
    this.#idleSince = now;
    this.#nextPingAt = now + services.settings.pingIntervalMs;
    ws.on('message', (data, isBinary) => this.#onMessage(data as Buffer, isBinary));
    ws.on('pong', () => {
      this.#awaitingPong = false;
    });
    // ws closes the socket itself on a protocol error, then 'close' follows.
    ws.on('error', () => {});
    this.closed = new Promise((resolve) =>
      ws.once('close', (code) => {
        this.#closing = true;
        services.closed(this, code);
        resolve();
      }),
    );
  }

  /** Closes with `code` (never without one: a code-less close reads as 1005, "never come back"). */
  close(code: number, reason: string): void {
    if (this.#closing) return;
    this.#closing = true;
    this.#ws.close(code, reason);
  }

  /** Ends the socket without a closing handshake (a client that does not answer one). */
  terminate(): void {
    this.#ws.terminate();
  }

  /**
   * A live event of this connection's user, with its wire text (eventText). Answers whether
   * it was written now: the hub counts those in one go.
   */
  deliver(event: StoredEvent, text: string): boolean {
    if (this.#recovery?.streams.has(event.stream)) {
      this.#recovery.queue.push(event);
      return false;
    }
    return this.#streams.has(event.stream) && this.#send(text);
  }

  /** Checks the deadlines against the clock: session end, idle, unanswered ping. */
  tick(now: number): void {
    if (this.#closing) return;
    if (now >= this.#sessionEndsAt) return this.close(CLOSE_CODES.sessionEnded, 'session ended');
    if (this.#idleSince !== null && now - this.#idleSince >= REALTIME_TIMING.idleCloseMs)
      return this.close(CLOSE_CODES.idle, 'no subscriptions');
    if (now < this.#nextPingAt) return;
    if (this.#awaitingPong) return this.close(CLOSE_CODES.unresponsive, 'no pong');
    this.#awaitingPong = true;
    this.#nextPingAt = now + this.#services.settings.pingIntervalMs;
    this.#ws.ping();
  }

  #onMessage(data: Buffer, isBinary: boolean): void {
    if (this.#closing) return;
    const { settings } = this.#services;
    const now = this.#services.now().getTime();
    if (data.length > settings.maxMessageBytes)
      return this.close(CLOSE_CODES.policy, 'message too large');
    if (now - this.#window.startedAt >= 60_000) this.#window = { startedAt: now, count: 0 };
    if (++this.#window.count > settings.messagesPerMinute)
      return this.close(CLOSE_CODES.policy, 'too many messages');
    if (isBinary) return this.#reply(errorText('bad_message', 'messages are JSON text', undefined));

    const parsed = parseMessage(data.toString('utf8'));
    if (!parsed.ok) return this.#reply(errorText(parsed.code, parsed.msg, parsed.id));
    const { request } = parsed;
    switch (request.method) {
      case 'PING':
        return this.#reply(resultText('PONG', request.id));
      case 'GET_TIME':
        return this.#reply(resultText({ time: now }, request.id));
      case 'UNSUBSCRIBE':
        for (const stream of request.params) {
          this.#streams.delete(stream);
          this.#recovery?.streams.delete(stream);
        }
        if (this.#streams.size === 0) this.#idleSince = now;
        return this.#reply(resultText(null, request.id));
      case 'SUBSCRIBE': {
        if (request.since !== undefined && this.#recovery)
          return this.#reply(errorText('too_many_requests', 'a recovery is under way', request.id));
        const added = request.params.filter((stream) => !this.#streams.has(stream));
        for (const stream of request.params) this.#streams.add(stream);
        this.#idleSince = null;
        if (request.since === undefined) return this.#reply(resultText(null, request.id));
        return void this.#recover(new Set(added), BigInt(request.since), request.id);
      }
    }
  }

  /**
   * Replays the events of `streams` after `since`, answers whether that was all of them and
   * the latest offset, then lets through what arrived live meanwhile (only what is newer).
   */
  async #recover(streams: Set<RealtimeStream>, since: bigint, id: number): Promise<void> {
    const recovery = { streams, queue: [] as StoredEvent[] };
    this.#recovery = recovery;
    let result: Recovery;
    try {
      result = await this.#services.recover(this.userId, since);
    } catch (error) {
      this.#services.failed(error);
      // 1011: the server failed; the client comes back and asks again.
      return this.close(1011, 'server error');
    } finally {
      this.#recovery = null;
    }
    if (this.#closing) return;
    for (const event of result.events)
      if (recovery.streams.has(event.stream)) this.#pushEvent(event);
    this.#reply(resultText({ recovered: result.recovered, offset: Number(result.offset) }, id));
    for (const event of recovery.queue)
      if (event.offset > result.offset && this.#streams.has(event.stream)) this.#pushEvent(event);
  }

  #reply(text: string): void {
    this.#send(text);
  }

  #pushEvent(event: StoredEvent): void {
    if (this.#send(eventText(event))) this.#services.metrics.pushed(1);
  }

  #send(text: string): boolean {
    if (this.#closing || this.#ws.readyState !== this.#ws.OPEN) return false;
    if (this.#ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.close(CLOSE_CODES.policy, 'not reading');
      return false;
    }
    this.#ws.send(text);
    return true;
  }
}
