// Property-based fuzzing of every registered route: thousands of generated requests with
// random methods, paths, query strings, bodies, content types and headers (bad JSON, wrong
// types, huge strings, bad tokens). No answer may be a 500; every answer is in the
// {code, message, data} format with the security headers; afterwards the ledger holds.
// Routes come from the server's own route list, so new routes are fuzzed without edits here.
import http from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '../../contract/api/money.ts';
import { RUNTIME_CONFIG_PATH } from '../../contract/api/runtimeConfig.ts';
import { transferPaths } from '../../contract/api/transfer.ts';
import { withdrawPaths } from '../../contract/api/withdraw.ts';
import { login, startTestServer, testWallet, type TestServer } from './harness.ts';
import { assertLedgerInvariants } from './support/ledgerInvariants.ts';

const RUNS = 4000;
const TIME_LIMIT_MS = 25_000;
const SECURITY_HEADERS = [
  'content-security-policy',
  'x-content-type-options',
  'referrer-policy',
  'x-frame-options',
];

interface FuzzRequest {
  /** The registered route this request was made from (`METHOD url`). */
  route?: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
}

interface FuzzAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

function send(baseUrl: string, request: FuzzRequest): Promise<FuzzAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        agent,
        hostname,
        port,
        method: request.method,
        path: request.path,
        headers: request.headers,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

// ---- Generators ----------------------------------------------------------------------

const alice = testWallet('fuzz alice');
const bob = testWallet('fuzz bob');

const printable = fc.string({
  unit: fc.constantFrom(...' !"#$%&\'()*+,-./09:;<=>?@AZ[\\]^_`az{|}~'),
});
const hugeString = fc.integer({ min: 10_000, max: 300_000 }).map((n) => 'x'.repeat(n));
const anyText = fc.oneof(
  { weight: 4, arbitrary: fc.string() },
  { weight: 2, arbitrary: printable },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme' }) },
  { weight: 1, arbitrary: hugeString },
);
const plausibleValue = fc.oneof(
  fc.constantFrom(
    alice.address,
    alice.address.toLowerCase(),
    bob.address,
    '0x0000000000000000000000000000000000000000',
    'JU',
    'USDT',
    'TICKET',
    '1',
    '0.000001',
    '12.5',
    '-1',
    '1e9',
    '9223372036854.775807',
    '99999999999999999999',
    '0',
    '1',
    '10',
    'fuzz-key',
    'out',
    'in',
    'TLjfbTbpZYDQ4EoA4N5CLNgGjfbF8ZWz38',
  ),
  anyText,
);
const jsonLeaf = fc.oneof(
  plausibleValue,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.bigInt().map(String),
);
const fieldName = fc.oneof(
  fc.constantFrom(
    'address',
    'message',
    'sign_message',
    'code',
    'id',
    'asset',
    'amount',
    'idempotency_key',
    'page',
    'page_size',
    'status',
    'coin',
    'remark',
    'direction',
    '__proto__',
    'constructor',
  ),
  fc.string({ maxLength: 12 }),
);
const jsonObject = fc.dictionary(
  fieldName,
  fc.oneof(jsonLeaf, fc.array(jsonLeaf, { maxLength: 3 })),
  {
    maxKeys: 6,
  },
);

const body = fc.oneof(
  { weight: 2, arbitrary: fc.constant(undefined) },
  { weight: 6, arbitrary: jsonObject.map((o) => JSON.stringify(o)) },
  { weight: 2, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '{bad',
      '{"a":',
      '[',
      'nul',
      '"x',
      '{"a":1}}',
      '',
      '\u0000',
      '{"a":"\\ud800"}',
    ),
  },
  { weight: 1, arbitrary: anyText },
);

const contentType = fc.oneof(
  { weight: 6, arbitrary: fc.constant('application/json') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json; charset=latin1',
      'application/json; charset=utf-16',
      'application/octet-stream',
      'application/JSON',
      '*/*',
      '',
      'application/json, text/plain',
    ),
  },
  { weight: 1, arbitrary: printable },
);

type TokenKind = 'none' | 'user' | 'admin' | 'random' | 'bare-user' | 'malformed';
const tokenKind = fc.constantFrom<TokenKind>(
  'none',
  'user',
  'user',
  'admin',
  'random',
  'bare-user',
  'malformed',
);

const queryString = fc
  .array(fc.tuple(fieldName, fc.oneof(plausibleValue, fc.constant('%zz'))), { maxLength: 4 })
  .map((pairs) =>
    pairs.length === 0
      ? ''
      : `?${pairs
          .map(([key, value]) =>
            value === '%zz'
              ? `${encodeURIComponent(key)}=%zz`
              : `${encodeURIComponent(key)}=${encodeURIComponent(value)}`,
          )
          .join('&')}`,
  );

const pathMutation = fc.constantFrom(
  'as is',
  'as is',
  'as is',
  'trailing slash',
  'extra segment',
  'bad escape',
  'upper case',
  'double slash',
);

function mutatePath(path: string, mutation: string, junk: string): string {
  switch (mutation) {
    case 'trailing slash':
      return `${path}/`;
    case 'extra segment':
      return `${path}/${encodeURIComponent(junk)}`;
    case 'bad escape':
      return `${path}%${junk.length % 2 ? 'c0' : 'zz'}`;
    case 'upper case':
      return path.toUpperCase();
    case 'double slash':
      return path.replace('/', '//');
    default:
      return path;
  }
}

describe('fuzzing every route', () => {
  let server: TestServer;
  let userToken: string;
  beforeAll(async () => {
    server = await startTestServer();
    userToken = await login(server, alice);
    await login(
      server,
      bob,
      (await server.request('GET', '/api/v1/user/info', { token: userToken })).body.data.code,
    );
    for (const asset of ['JU', 'USDT', 'TICKET']) {
      const credit = await server.admin('POST', '/admin/v1/credit', {
        address: alice.address,
        asset,
        amount: '100',
        idempotency_key: `seed-${asset}`,
      });
      expect(credit.status).toBe(200);
    }
  });
  afterAll(async () => {
    agent.destroy();
    await server.close();
  });

  it('never answers 500, always in the {code, message, data} format with security headers', async () => {
    const routes = server.routes;
    // The list is the server's own: it must hold at least the foundation's routes.
    expect(routes.length).toBeGreaterThanOrEqual(8);
    const paramValue = fc.oneof(
      fc.constantFrom('1', '0', '-1', '999999999999999999999', 'abc'),
      fc.string({ maxLength: 20 }),
    );

    const requestArb = fc
      .record({
        route: fc.constantFrom(...routes),
        otherMethod: fc.option(
          fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'),
          { freq: 5 },
        ),
        param: paramValue,
        mutation: pathMutation,
        junk: fc.string({ maxLength: 10 }),
        query: queryString,
        body,
        contentType,
        token: tokenKind,
        randomToken: fc.oneof(
          printable.filter((t) => t.trim() === t && t.length > 0),
          fc.base64String({ minLength: 43, maxLength: 44 }),
        ),
        lang: fc.option(fc.oneof(fc.constantFrom('EN', 'TW', 'JP', 'zh-TW', 'xx'), printable), {
          freq: 2,
        }),
        idempotencyKey: fc.option(fc.oneof(fc.constantFrom('k1', 'k2', ''), printable), {
          freq: 2,
        }),
        host: fc.option(fc.constantFrom('evil.example', 'localhost', '[::1]', 'a:99999', ''), {
          freq: 10,
        }),
      })
      .map((g): FuzzRequest => {
        const method = g.otherMethod ?? g.route.method;
        const pattern = g.route.url
          .replace(/:[^/]+/g, encodeURIComponent(g.param))
          .replace('*', encodeURIComponent(g.junk));
        const headers: Record<string, string> = {};
        const sentBody =
          method === 'GET' || method === 'HEAD'
            ? (g.body?.length ?? 0) < 100
              ? g.body
              : undefined
            : g.body;
        if (sentBody !== undefined) {
          headers['content-type'] = g.contentType;
          // Node's client frames a GET or HEAD body only when told its length.
          headers['content-length'] = String(Buffer.byteLength(sentBody));
        }
        const token = {
          none: null,
          user: `Bearer ${userToken}`,
          'bare-user': userToken,
          admin: `Bearer ${server.adminToken}`,
          random: `Bearer ${g.randomToken}`,
          malformed: g.randomToken,
        }[g.token];
        if (token) headers.authorization = token;
        if (g.lang !== null) headers.lang = g.lang;
        if (g.idempotencyKey !== null)
          headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()] = g.idempotencyKey;
        if (g.host !== null) headers.host = g.host;
        return {
          route: `${g.route.method} ${g.route.url}`,
          method,
          path: mutatePath(pattern, g.mutation, g.junk) + g.query,
          headers,
          body: sentBody,
        };
      });

    // Well-formed credits with random details and reused keys, so money really moves (and
    // replays and conflicting reuses of a key happen) while everything else is thrown at it.
    const creditArb = fc
      .record({
        address: fc.constantFrom(alice.address, bob.address, alice.address.toLowerCase()),
        asset: fc.constantFrom('JU', 'USDT', 'TICKET', 'BTC'),
        amount: fc.oneof(
          fc.constantFrom('0.000001', '1', '12.5', '0', '-1', '1.0000001', '9223372036854.775807'),
          fc.integer({ min: 1, max: 1_000_000 }).map(String),
        ),
        key: fc.integer({ min: 1, max: 30 }).map((n) => `fuzz-${n}`),
      })
      .map((c): FuzzRequest => {
        const text = JSON.stringify({
          address: c.address,
          asset: c.asset,
          amount: c.amount,
          idempotency_key: c.key,
        });
        return {
          method: 'POST',
          path: '/admin/v1/credit',
          headers: {
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(text)),
            authorization: `Bearer ${server.adminToken}`,
          },
          body: text,
        };
      });

    // Well-formed transfers and withdrawals by the signed-in user, with reused keys.
    const userMoneyArb = fc
      .record({
        kind: fc.constantFrom('transfer', 'withdraw'),
        coin: fc.constantFrom('USDT', 'JU', 'TICKET'),
        amount: fc.constantFrom('0.000001', '1', '2.5', '3', '50', '1000000', '0', '-1', 'abc'),
        key: fc.integer({ min: 1, max: 30 }).map((n) => `user-${n}`),
      })
      .map((m): FuzzRequest => {
        const body =
          m.kind === 'transfer'
            ? { address: bob.address, amount: m.amount, remark: 'fuzz' }
            : {
                coin: m.coin,
                address: m.coin === 'USDT' ? 'TLjfbTbpZYDQ4EoA4N5CLNgGjfbF8ZWz38' : bob.address,
                amount: m.amount,
              };
        const text = JSON.stringify(body);
        return {
          method: 'POST',
          path: m.kind === 'transfer' ? transferPaths.transfer : withdrawPaths.apply,
          headers: {
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(text)),
            authorization: `Bearer ${userToken}`,
            [IDEMPOTENCY_KEY_HEADER.toLowerCase()]: m.key,
          },
          body: text,
        };
      });

    let sent = 0;
    let credited = 0;
    let moved = 0;
    const MONEY_PATHS = new Set<string>([transferPaths.transfer, withdrawPaths.apply]);
    const fuzzedRoutes = new Set<string>();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          { weight: 18, arbitrary: requestArb },
          { weight: 1, arbitrary: creditArb },
          { weight: 1, arbitrary: userMoneyArb },
        ),
        async (request) => {
          const answer = await send(server.url, request);
          sent++;
          if (request.route) fuzzedRoutes.add(request.route);
          if (request.path === '/admin/v1/credit' && answer.status === 200) credited++;
          if (MONEY_PATHS.has(request.path) && answer.status === 200) moved++;

          const where = `${request.method} ${request.path} → ${answer.status} ${answer.text.slice(0, 200)}`;
          expect(answer.status, where).toBeLessThan(500);
          for (const header of SECURITY_HEADERS)
            expect(answer.headers[header], `${header}: ${where}`).toBeTruthy();
          if (request.method === 'HEAD') return;
          const path = request.path.split('?')[0];
          // The operator's endpoints answer in their own formats (server/http/health.ts).
          if (path === '/metrics' && answer.status === 200) {
            expect(answer.headers['content-type'], where).toMatch(/^text\/plain/);
            return;
          }
          expect(answer.headers['content-type'], where).toMatch(/^application\/json/);
          const parsed: unknown = JSON.parse(answer.text);
          if ((path === '/healthz' || path === '/readyz') && answer.status === 200) {
            expect(parsed, where).toHaveProperty('status');
            return;
          }
          if (path === RUNTIME_CONFIG_PATH && answer.status === 200) {
            expect(parsed, where).toHaveProperty('api_base');
            return;
          }
          expect(Object.keys(parsed as object).sort(), where).toEqual(['code', 'data', 'message']);
          const { code, message } = parsed as { code: unknown; message: unknown };
          expect(typeof code, where).toBe('number');
          expect(typeof message === 'string' && message.length > 0, where).toBe(true);
          // Success is code 200 with HTTP 200; only invite_required pairs code 200 with a 401.
          if (answer.status !== 200 && code === 200) expect(answer.status, where).toBe(401);
          // Ending a session through the fuzz must not leave the rest of the run unauthenticated.
          if (request.headers.authorization?.includes(userToken) && answer.status === 401)
            userToken = await login(server, alice);
        },
      ),
      {
        numRuns: RUNS,
        interruptAfterTimeLimit: TIME_LIMIT_MS,
        markInterruptAsFailure: false,
        // FUZZ_SEED=<seed from a failure report> replays that run.
        ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}),
      },
    );
    expect(sent).toBeGreaterThanOrEqual(1000);
    expect([...fuzzedRoutes].sort()).toEqual(
      [...new Set(routes.map((route) => `${route.method} ${route.url}`))].sort(),
    );

    await assertLedgerInvariants(server.db);
    expect(credited, 'some generated credits went through').toBeGreaterThan(0);
    expect(moved, 'some generated transfers or withdrawals went through').toBeGreaterThan(0);
  }, 60_000);
});
