// The contract's server message schema accepts exactly what a `v.union` of its three messages
// accepts (it is written with `v.custom` to keep valibot's union out of the first screen).
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  realtimeAnswerSchema,
  realtimeEventSchema,
  realtimeRefusalSchema,
  realtimeServerMessageSchema,
} from '../../contract/api/realtime.ts';

const union = v.union([realtimeEventSchema, realtimeAnswerSchema, realtimeRefusalSchema]);

const samples: unknown[] = [
  { stream: 'user@balance', offset: 3, data: { kind: 'transfer_received', changes: ['balances'] } },
  { stream: 'user@notice', offset: 4, data: { kind: 'notice_published', changes: ['notices'] } },
  { stream: 'user@other', offset: 4, data: { kind: 'x', changes: [] } },
  { stream: 'user@card', offset: '4', data: { kind: 'x', changes: [] } },
  { stream: 'user@card', offset: 4, data: { kind: 'x', changes: ['moon'] } },
  { result: null, id: 1 },
  { result: { time: 1 }, id: 2 },
  { result: { recovered: false, offset: 9 }, id: 3 },
  { result: 'PONG' },
  { result: null, id: '1' },
  { error: { code: 'stream_not_allowed', msg: 'no' }, id: 4 },
  { error: { code: 'bad_message' }, id: 5 },
  { id: 6 },
  null,
  'PONG',
  [],
];

describe('realtimeServerMessageSchema', () => {
  it.each(samples.map((sample) => [JSON.stringify(sample), sample]))(
    'judges %s as a union of the three messages would',
    (_name, sample) => {
      expect(v.is(realtimeServerMessageSchema, sample)).toBe(v.is(union, sample));
    },
  );

  it('accepts each kind of message and refuses what is none of them', () => {
    expect(samples.filter((sample) => v.is(realtimeServerMessageSchema, sample))).toHaveLength(7);
  });
});
