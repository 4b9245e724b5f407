// The messages of the realtime protocol (docs/protocol.md; types in contract/api/realtime.ts):
// what a client may send, checked, and the answers' wire text.
import {
  REALTIME_STREAMS,
  type RealtimeErrorCode,
  type RealtimeRequest,
  type RealtimeStream,
} from '../../contract/api/realtime.ts';
import type { StoredEvent } from './history.ts';

export type ParsedMessage =
  | { ok: true; request: RealtimeRequest }
  | { ok: false; id: number | undefined; code: RealtimeErrorCode; msg: string };

const STREAMS: ReadonlySet<string> = new Set(REALTIME_STREAMS);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Request ids are the client's own numbers: any safe integer. */
const isId = (value: unknown): value is number => Number.isSafeInteger(value);

export function parseMessage(text: string): ParsedMessage {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return refused(undefined, 'bad_message', 'not JSON');
  }
  if (!isRecord(message)) return refused(undefined, 'bad_message', 'not a JSON object');
  const id = isId(message.id) ? message.id : undefined;
  if (message.id !== undefined && id === undefined)
    return refused(undefined, 'bad_message', 'id must be an integer');
  switch (message.method) {
    case 'PING':
      return { ok: true, request: { method: 'PING', ...(id === undefined ? {} : { id }) } };
    case 'GET_TIME':
      if (id === undefined) return refused(id, 'bad_message', 'GET_TIME needs an id');
      return { ok: true, request: { method: 'GET_TIME', id } };
    case 'SUBSCRIBE':
    case 'UNSUBSCRIBE': {
      if (id === undefined) return refused(id, 'bad_message', `${message.method} needs an id`);
      const params = message.params;
      if (!Array.isArray(params) || params.length === 0 || params.length > STREAMS.size * 2)
        return refused(id, 'bad_message', 'params must list the streams');
      const unknown = params.find((stream) => typeof stream !== 'string' || !STREAMS.has(stream));
      if (unknown !== undefined)
        return refused(id, 'stream_not_allowed', `not a stream of yours: ${String(unknown)}`);
      const streams = [...new Set(params as RealtimeStream[])];
      if (message.method === 'UNSUBSCRIBE')
        return { ok: true, request: { method: 'UNSUBSCRIBE', params: streams, id } };
      const since = message.since;
      if (since !== undefined && !(Number.isSafeInteger(since) && (since as number) >= 0))
        return refused(id, 'bad_message', 'since must be an offset (a whole number)');
      return {
        ok: true,
        request: {
          method: 'SUBSCRIBE',
          params: streams,
          id,
          ...(since === undefined ? {} : { since: since as number }),
        },
      };
    }
    default:
      return refused(id, 'unknown_method', `unknown method: ${String(message.method)}`);
  }
}

function refused(
  id: number | undefined,
  code: RealtimeErrorCode,
  msg: string,
): ParsedMessage & { ok: false } {
  return { ok: false, id, code, msg };
}

const withId = (id: number | undefined) => (id === undefined ? '' : `,"id":${id}`);

export function resultText(result: unknown, id: number | undefined): string {
  return `{"result":${JSON.stringify(result)}${withId(id)}}`;
}

export function errorText(code: RealtimeErrorCode, msg: string, id: number | undefined): string {
  return `{"error":${JSON.stringify({ code, msg })}${withId(id)}}`;
}

/** An event's wire text, built from its stored JSON without parsing it again. */
export function eventText(event: StoredEvent): string {
  return `{"stream":"${event.stream}","data":${event.data},"offset":${event.offset}}`;
}
