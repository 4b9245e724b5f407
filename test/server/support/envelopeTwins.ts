// The twins every route is called on (envelopeRoutes.test.ts): one server answers plainly,
// its twin in the envelope. The call's shape (Step), how a step is sent to each, and how two
// answers may differ (only where the server draws at random, listed in RANDOM).
import { expect } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '../../../contract/api/money.ts';
import {
  testWallet,
  type HttpAnswer,
  type HttpClient,
  type Json,
  type TestServer,
  type TestWallet,
} from '../harness.ts';
import { putBytes, sampleJpeg } from './card.ts';

export type Caller = 'alice' | 'bob' | 'carol' | 'admin' | 'none';

export interface World {
  readonly name: 'plain' | 'enveloped';
  readonly server: TestServer;
  readonly client: HttpClient;
  readonly tokens: Partial<Record<Caller, string>>;
  /** What a call's answer hands to later calls (ids, messages to sign). */
  readonly vars: Record<string, Json>;
}

export interface Step {
  /** `METHOD /path`, as the route table has it. */
  route: string;
  as?: Caller;
  /** The query (GET) or JSON body (POST). */
  input?: (world: World) => Record<string, unknown> | undefined;
  /** A body sent as it is instead of `input` (the transport's own failures). */
  raw?: { body: string; contentType: string };
  /** Sent as Idempotency-Key. */
  key?: string;
  headers?: Record<string, string>;
  /** Run first in each world (uploads a photo, say): not compared. */
  before?: (world: World) => Promise<void>;
  /** Keeps what later steps need from this world's answer. */
  after?: (world: World, answer: HttpAnswer) => void;
  /** The status this step is meant to get: a check that the scenario does what it says. */
  status?: number;
}

export const wallets: Record<'alice' | 'bob' | 'carol', TestWallet> = {
  alice: testWallet('envelope routes alice'),
  bob: testWallet('envelope routes bob'),
  carol: testWallet('envelope routes carol'),
};

/**
 * Where the twins' answers may differ: values drawn at random or naming the server itself,
 * as `route` → dotted paths in the body (`*` for any array index, `**` for any depth).
 */
export const RANDOM: Record<string, readonly string[]> = {
  // Everywhere: photo file names, card order numbers and card numbers are drawn at random.
  '*': ['**.file', '**.photos.*', '**.order_no', '**.masked_number', '**.last4'],
  'GET /config.json': ['realtime_url', 'server_public_key'],
  // The demo content is written when the database is made, at the machine's time.
  'GET /api/v1/content/home': ['data.updated_at'],
  'GET /admin/v1/notices': ['data.list.*.created_at', 'data.list.*.updated_at'],
  'GET /api/v1/notice/list': ['data.list.*.created_at'],
  'GET /api/v1/auth/loginMessage': ['data.message', 'data.nonce'],
  'POST /api/v1/auth/login': ['data.token', 'data.user.code', 'data.user.invite_url'],
  'GET /api/v1/user/info': ['data.code', 'data.invite_url'],
  'GET /admin/v1/users': ['data.list.*.invite_code'],
  'POST /api/v1/visa/uploadImg': ['data.url', 'data.token'],
  'POST /api/v1/visa/revealMessage': ['data.message'],
  'POST /api/v1/visa/reveal': ['data.number', 'data.cvv'],
  'POST /api/v1/user/wsTicket': ['data.ticket'],
  'GET /admin/v1/envelope/keys': ['data.keys.*.public_key'],
  'POST /admin/v1/envelope/rotate': ['data.keys.*.public_key'],
};

/** The step's call in `world`: plain or sealed, as the world's client makes it. */
export async function call(world: World, step: Step): Promise<HttpAnswer> {
  const [method, path] = step.route.split(' ') as [string, string];
  const caller = step.as ?? 'alice';
  const token = caller === 'none' ? undefined : world.tokens[caller];
  if (caller !== 'none' && token === undefined) throw new Error(`${caller} is not signed in`);
  const input = step.input?.(world);
  const headers = { ...step.headers, ...(step.key ? { [IDEMPOTENCY_KEY_HEADER]: step.key } : {}) };
  if (method === 'GET') {
    const query = input
      ? new URLSearchParams(
          Object.entries(input).map(([name, value]) => [name, String(value)]),
        ).toString()
      : '';
    return world.client.request(method, query ? `${path}?${query}` : path, {
      headers,
      ...(token ? { token } : {}),
    });
  }
  return world.client.request(method, path, {
    headers,
    ...(input === undefined ? {} : { json: input }),
    ...(step.raw ? { rawBody: step.raw.body, contentType: step.raw.contentType } : {}),
    ...(token ? { token } : {}),
  });
}

export function pathMatches(pattern: string, path: string): boolean {
  const regex = new RegExp(
    `^${pattern
      .split('.')
      .map((part) => (part === '*' ? '\\d+' : part === '**' ? '.+' : part.replace(/\W/g, '\\$&')))
      .join('\\.')}$`,
  );
  return regex.test(path);
}

/**
 * Every difference between `a` and `b` that RANDOM does not allow, as `path: a ≠ b`;
 * `allowed.used` counts the differences RANDOM let pass.
 */
export function differences(
  route: string,
  a: Json,
  b: Json,
  at = '',
  allowed = { used: 0 },
): string[] {
  const patterns = [...(RANDOM[route] ?? []), ...RANDOM['*']!];
  if (at && patterns.some((pattern) => pathMatches(pattern, at))) {
    if (JSON.stringify(a) !== JSON.stringify(b)) allowed.used++;
    return [];
  }
  if (typeof a !== typeof b || Array.isArray(a) !== Array.isArray(b) || a === null || b === null)
    return a === b ? [] : [`${at || '(body)'}: ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`];
  if (typeof a !== 'object')
    return a === b ? [] : [`${at || '(body)'}: ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`];
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].flatMap((key) =>
    differences(route, a[key], b[key], at ? `${at}.${key}` : key, allowed),
  );
}

export const data = (answer: HttpAnswer) => answer.body?.data;

// ---- The calls, in order -----------------------------------------------------------------

export const HASH = `0x${'ab'.repeat(32)}`;

export function signIn(
  name: 'alice' | 'bob' | 'carol',
  code: (world: World) => string = () => '',
): Step[] {
  return [
    {
      route: 'GET /api/v1/auth/loginMessage',
      as: 'none',
      input: () => ({ address: wallets[name].address }),
      after: (world, answer) => (world.vars[`${name}Message`] = data(answer).message),
      status: 200,
    },
    {
      route: 'POST /api/v1/auth/login',
      as: 'none',
      input: (world) => {
        const message = world.vars[`${name}Message`] as string;
        return {
          address: wallets[name].address,
          message,
          sign_message: wallets[name].sign(message),
          code: code(world),
          device_id: `envelope-routes-${name}`,
        };
      },
      after: (world, answer) => (world.tokens[name] = data(answer).token),
      status: 200,
    },
  ];
}

export const credit = (
  asset: string,
  amount: string,
  who: 'alice' | 'bob' | 'carol' = 'alice',
): Step => ({
  route: 'POST /admin/v1/credit',
  as: 'admin',
  input: () => ({
    address: wallets[who].address,
    asset,
    amount,
    idempotency_key: `credit-${who}-${asset}-${amount}`,
  }),
  status: 200,
});

export const uploadPhoto = (slot: string): Step => ({
  route: 'POST /api/v1/visa/uploadImg',
  input: () => ({ content_type: 'image/jpeg', size: 1000 }),
  before: async (world) => {
    world.vars.jpeg = await sampleJpeg(7);
  },
  after: (world, answer) => (world.vars[`${slot}Slot`] = data(answer)),
});

/** The photo's bytes go plain to its single-use link (docs/protocol.md "Request envelope" §7), in each world. */
export async function putPhoto(world: World, slot: string): Promise<void> {
  const bytes = world.vars.jpeg as Buffer;
  const opened = await world.client.request('POST', '/api/v1/visa/uploadImg', {
    token: world.tokens.alice!,
    json: { content_type: 'image/jpeg', size: bytes.length },
  });
  const put = await putBytes(data(opened).url, bytes);
  expect(put.status, put.text).toBe(200);
  world.vars[slot] = (put.body as Json).data.file;
}
