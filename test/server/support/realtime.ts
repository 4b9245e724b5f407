// A realtime client for the server tests: a real `ws` socket opened with a ticket, every
// message kept in order, waits bounded by a timeout (never sleeps).
import * as v from 'valibot';
import { expect } from 'vitest';
import { WebSocket, type ClientOptions } from 'ws';
import { apiResponse } from '../../../contract/api/response.ts';
import {
  realtimePaths,
  realtimeServerMessageSchema,
  wsTicketDataSchema,
  type WsTicketData,
} from '../../../contract/api/realtime.ts';
import { readRealtimeSettings, type RealtimeSettings } from '../../../server/realtime/settings.ts';
import type { HttpClient, Json } from '../harness.ts';

/** The default limits, deadlines checked every 5 ms so a test sees one pass at once. */
export function realtimeSettings(overrides: Partial<RealtimeSettings> = {}): RealtimeSettings {
  const defaults = readRealtimeSettings((_name, fallback) => fallback, false);
  return { ...defaults, sweepMs: 5, ...overrides };
}

export async function wsTicket(server: HttpClient, token: string): Promise<WsTicketData> {
  const answer = await server.request('POST', realtimePaths.wsTicket, { token });
  expect(answer.status, answer.text).toBe(200);
  return v.parse(apiResponse(wsTicketDataSchema), answer.body).data;
}

export interface Closed {
  code: number;
  reason: string;
}

export interface TestSocket {
  readonly ws: WebSocket;
  /** Every message received so far, parsed, in order. */
  readonly received: Json[];
  /** The next message not yet taken that matches, waiting for it if need be. */
  next(matches?: (message: Json) => boolean): Promise<Json>;
  /** The next stream event (`{stream, data, offset}`). */
  nextEvent(): Promise<Json>;
  send(message: unknown): void;
  /** Sends a request with the next id and answers its reply. */
  call(method: string, fields?: Record<string, unknown>): Promise<Json>;
  /** How the server closed it. */
  readonly closed: Promise<Closed>;
}

const WAIT_MS = 4000;

/** Opens a socket with `ticket` (as given: tests pass broken ones too). */
export function connect(
  baseUrl: string,
  ticket: string | null,
  options: ClientOptions & { origin?: string } = {},
): Promise<TestSocket> {
  const url = new URL('/ws', baseUrl.replace(/^http/, 'ws'));
  if (ticket !== null) url.searchParams.set('token', ticket);
  const ws = new WebSocket(url, { origin: new URL(baseUrl).origin, ...options });
  const received: Json[] = [];
  // Received and not yet taken by `next`, in order.
  const pending: Json[] = [];
  const waiting: (() => void)[] = [];
  const wake = () => {
    for (const resume of waiting.splice(0)) resume();
  };
  let isClosed = false;
  const closed = new Promise<Closed>((resolve) =>
    ws.once('close', (code, reason) => {
      isClosed = true;
      resolve({ code, reason: reason.toString() });
      wake();
    }),
  );
  ws.on('message', (data) => {
    const message = JSON.parse(String(data));
    // Every message the server sends is one the contract describes.
    expect(v.is(realtimeServerMessageSchema, message), JSON.stringify(message)).toBe(true);
    received.push(message);
    pending.push(message);
    wake();
  });
  let lastId = 0;
  const socket: TestSocket = {
    ws,
    received,
    closed,
    async next(matches = () => true) {
      const deadline = Date.now() + WAIT_MS;
      for (;;) {
        const index = pending.findIndex((message) => matches(message));
        // Messages passed over stay for a later `next` looking for them.
        if (index >= 0) return pending.splice(index, 1)[0];
        if (isClosed) throw new Error(`socket closed; received ${JSON.stringify(received)}`);
        if (Date.now() > deadline)
          throw new Error(`no such message; received ${JSON.stringify(received)}`);
        await new Promise<void>((resume) => {
          waiting.push(resume);
          setTimeout(resume, 100);
        });
      }
    },
    nextEvent() {
      return socket.next((message) => 'stream' in message);
    },
    send(message) {
      ws.send(typeof message === 'string' ? message : JSON.stringify(message));
    },
    async call(method, fields = {}) {
      const id = ++lastId;
      socket.send({ method, id, ...fields });
      return socket.next((message) => message.id === id);
    },
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(socket));
    // Refused in the handshake: the test reads `closed`.
    ws.once('unexpected-response', (_request, response) =>
      reject(new Error(`upgrade refused with HTTP ${response.statusCode}`)),
    );
    ws.once('error', reject);
  });
}

/** A ticket for `token`'s session, then a socket opened with it. */
export async function openSocket(
  server: HttpClient & { url: string },
  token: string,
  options: ClientOptions & { origin?: string } = {},
): Promise<{ socket: TestSocket; offset: number }> {
  const { ticket, offset } = await wsTicket(server, token);
  return { socket: await connect(server.url, ticket, options), offset };
}

/** Opens a socket and subscribes to `streams` from the ticket's offset. */
export async function subscribed(
  server: HttpClient & { url: string },
  token: string,
  streams: string[] = ['user@balance', 'user@record', 'user@card', 'user@order', 'user@notice'],
): Promise<TestSocket> {
  const { socket, offset } = await openSocket(server, token);
  const answer = await socket.call('SUBSCRIBE', { params: streams, since: offset });
  expect(answer.result).toEqual({ recovered: true, offset });
  return socket;
}

/** Expects the socket to close with `code`. */
export async function expectClose(socket: TestSocket, code: number): Promise<void> {
  const closed = await Promise.race([
    socket.closed,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), WAIT_MS)),
  ]);
  expect(closed?.code, JSON.stringify(socket.received)).toBe(code);
}

/** The socket is still open and answering. */
export async function expectOpen(socket: TestSocket): Promise<void> {
  expect((await socket.call('PING')).result).toBe('PONG');
}
