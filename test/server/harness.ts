// Shared set-up for the server tests: a real server on a random port with its own data
// directory and database (SQLite, or a fresh PostgreSQL database when TEST_DB=postgres),
// a clock the test moves by hand, test wallets, and small HTTP helpers. On PostgreSQL a
// second server can join the first's database, data directory and clock, as a second
// process of one deployment does (startTestServerPair).
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../server/db/database.ts';
import { startServer, type RunningServer, type StartServerOptions } from '../../server/main.ts';
import { privateKeyToAddress, signPersonalMessage } from '../../contract/wallet/eip191.ts';

export const usesPostgres = process.env.TEST_DB === 'postgres';

export const TEST_CHAIN_ID = 210000;

export interface TestClock {
  now(): Date;
  advance(ms: number): void;
}

export function createTestClock(start = new Date('2030-01-01T00:00:00.000Z')): TestClock {
  let time = start.getTime();
  return {
    now: () => new Date(time),
    advance: (ms) => {
      time += ms;
    },
  };
}

/**
 * A parsed JSON answer. Tests read it field by field and assert on each; a precise type
 * per call would only restate those assertions.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface HttpAnswer<T = Json> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  json?: unknown;
  /** Sent as is, with the content type below (default application/json). */
  rawBody?: string;
  contentType?: string;
  token?: string;
  headers?: Record<string, string>;
}

export interface HttpClient {
  request<T = Json>(method: string, path: string, options?: RequestOptions): Promise<HttpAnswer<T>>;
}

export interface TestServer extends RunningServer, HttpClient {
  clock: TestClock;
  dataDir: string;
  admin<T = Json>(method: string, path: string, json?: unknown): Promise<HttpAnswer<T>>;
}

/**
 * Load shedding that never fires by accident: test files run side by side on two cores, and
 * a stalled moment must not fail an unrelated test. The load-shedding test sets its own.
 */
export const NEVER_SHED = { maxEventLoopLagMs: 600_000 };

/** High enough that only the rate-limit tests ever meet the limits. */
const GENEROUS_RATE_LIMITS = {
  login: { max: 100_000, windowMs: 60_000 },
  loginMessage: { max: 100_000, windowMs: 60_000 },
  money: { max: 100_000, windowMs: 60_000 },
  authFailures: { max: 100_000, windowMs: 60_000 },
  isRegister: { max: 100_000, windowMs: 60_000 },
  envelopeRefusals: { max: 100_000, windowMs: 60_000 },
  wsTicket: { max: 100_000, windowMs: 60_000 },
};

export interface TestServerOptions extends StartServerOptions {
  /**
   * Start as another process of `joins`'s deployment: on its database, data directory and
   * clock (PostgreSQL only). It is closed with `joins`, before the database goes.
   */
  joins?: TestServer;
}

// The servers that joined a server's database, closed before it.
const joined = new WeakMap<TestServer, TestServer[]>();

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const { joins, ...serverOptions } = options;
  if (joins && !joins.settings.databaseUrl)
    throw new Error('Only servers on PostgreSQL can share their database');
  const clock = joins?.clock ?? createTestClock();
  const dataDir = joins?.dataDir ?? mkdtempSync(path.join(tmpdir(), 'ju-server-test-'));
  const database = joins ? null : usesPostgres ? await createPostgresDatabase() : null;
  const removeOwned = async () => {
    if (joins) return;
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  let server: RunningServer;
  try {
    server = await startServer({
      env: {},
      port: 0,
      host: '127.0.0.1',
      dataDir,
      databaseUrl: joins?.settings.databaseUrl ?? database?.url ?? null,
      // No built app: the API tests must not depend on dist/.
      distDir: path.join(dataDir, 'no-dist'),
      now: clock.now,
      rateLimits: GENEROUS_RATE_LIMITS,
      operations: NEVER_SHED,
      chain: { id: TEST_CHAIN_ID },
      ...serverOptions,
    });
  } catch (error) {
    await removeOwned();
    throw error;
  }

  const { request } = createHttpClient(server.url);
  let closing: Promise<void> | undefined;

  const testServer: TestServer = {
    ...server,
    clock,
    dataDir,
    request,
    admin: (method, urlPath, json) => request(method, urlPath, { json, token: server.adminToken }),
    close() {
      // Called again while the server drains (see RunningServer.close), it ends the drain.
      if (closing) return server.close().then(() => closing);
      closing = (async () => {
        await Promise.all((joined.get(testServer) ?? []).map((other) => other.close()));
        await server.close();
        await removeOwned();
      })();
      return closing;
    },
  };
  if (joins) joined.set(joins, [...(joined.get(joins) ?? []), testServer]);
  return testServer;
}

/**
 * Two servers on one PostgreSQL database, data directory and clock, as two processes of one
 * deployment behind a load balancer; `secondOptions` are added to `options` for the second.
 * Closing the first closes both.
 */
export async function startTestServerPair(
  options: StartServerOptions = {},
  secondOptions: StartServerOptions = {},
): Promise<[TestServer, TestServer]> {
  const first = await startTestServer(options);
  try {
    return [first, await startTestServer({ ...options, ...secondOptions, joins: first })];
  } catch (error) {
    await first.close();
    throw error;
  }
}

/** JSON over HTTP against `baseUrl`; answers are parsed, never thrown. */
export function createHttpClient(baseUrl: string): HttpClient {
  async function request<T>(
    method: string,
    urlPath: string,
    init: RequestOptions = {},
  ): Promise<HttpAnswer<T>> {
    const headers: Record<string, string> = { ...init.headers };
    let body: string | undefined;
    if (init.json !== undefined) {
      body = JSON.stringify(init.json);
      headers['content-type'] = 'application/json';
    } else if (init.rawBody !== undefined) {
      body = init.rawBody;
      headers['content-type'] = init.contentType ?? 'application/json';
    }
    if (init.token !== undefined) headers.authorization = `Bearer ${init.token}`;
    const response = await fetch(baseUrl + urlPath, { method, headers, body });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }
  return { request };
}

/**
 * A throwaway database on the TEST_DATABASE_URL server, dropped afterwards. It is cloned
 * from a template that has every migration applied, built once per set of migrations, so
 * each test's database costs a file copy rather than a schema build.
 */
export async function createPostgresDatabase(
  options: { migrated?: boolean } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl)
    throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL (use scripts/with-postgres.sh)');
  const name = `t_${createHash('sha256').update(`${process.pid}-${Math.random()}`).digest('hex').slice(0, 16)}`;
  const admin = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  const urlOf = (database: string) => {
    const url = new URL(serverUrl);
    url.pathname = `/${database}`;
    return url.toString();
  };
  const template = `tmpl_${migrationsHash()}`;
  await admin(async (client) => {
    // One test file at a time builds or clones: PostgreSQL refuses to copy a template
    // while another session is using it.
    await client.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    try {
      const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
      if (exists.rowCount === 0) {
        await client.query(`CREATE DATABASE ${template}`);
        const built = await openDatabase({ dataDir: tmpdir(), databaseUrl: urlOf(template) });
        await built.close();
      }
      // A test of the migrations themselves starts from nothing.
      await client.query(
        options.migrated === false
          ? `CREATE DATABASE ${name}`
          : `CREATE DATABASE ${name} TEMPLATE ${template}`,
      );
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]);
    }
  });
  return {
    url: urlOf(name),
    drop: async () => {
      await admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

const TEMPLATE_LOCK_KEY = 7_310_001;

/** Changes whenever a migration file does, so an edited schema gets a fresh template. */
function migrationsHash(): string {
  const dir = path.resolve(import.meta.dirname, '../../server/db/migrations');
  const hash = createHash('sha256');
  for (const file of readdirSync(dir).sort())
    hash.update(file).update(readFileSync(path.join(dir, file)));
  return hash.digest('hex').slice(0, 16);
}

// ---- Wallets -------------------------------------------------------------------------

export interface TestWallet {
  privateKey: string;
  address: string;
  sign(message: string): string;
}

/** A deterministic wallet per label, so failures are reproducible. */
export function testWallet(label: string): TestWallet {
  const privateKey = `0x${createHash('sha256').update(`ju-wallet test ${label}`).digest('hex')}`;
  return {
    privateKey,
    address: privateKeyToAddress(privateKey),
    sign: (message) => signPersonalMessage(privateKey, message),
  };
}

// ---- Sign-in -------------------------------------------------------------------------

export async function loginMessage(server: HttpClient, address: string): Promise<string> {
  const answer = await server.request('GET', `/api/v1/auth/loginMessage?address=${address}`);
  if (answer.status !== 200)
    throw new Error(`loginMessage failed: ${answer.status} ${answer.text}`);
  return answer.body.data.message;
}

export function submitLogin(
  server: HttpClient,
  wallet: TestWallet,
  message: string,
  code = '',
  deviceId?: string,
) {
  return server.request('POST', '/api/v1/auth/login', {
    json: {
      address: wallet.address,
      message,
      sign_message: wallet.sign(message),
      code,
      ...(deviceId === undefined ? {} : { device_id: deviceId }),
    },
  });
}

/** Signs in (registering with `code` if needed) and returns the session token. */
export async function login(server: HttpClient, wallet: TestWallet, code = ''): Promise<string> {
  return signedIn(server, wallet, code);
}

/** Signs in as the app does, naming the browser (`device_id`); returns the session token. */
export function loginFrom(server: HttpClient, wallet: TestWallet, deviceId: string) {
  return signedIn(server, wallet, '', deviceId);
}

async function signedIn(
  server: HttpClient,
  wallet: TestWallet,
  code: string,
  deviceId?: string,
): Promise<string> {
  const message = await loginMessage(server, wallet.address);
  const answer = await submitLogin(server, wallet, message, code, deviceId);
  if (answer.status !== 200) throw new Error(`login failed: ${answer.status} ${answer.text}`);
  return answer.body.data.token;
}

export async function userInfo(server: HttpClient, token: string) {
  const answer = await server.request('GET', '/api/v1/user/info', { token });
  if (answer.status !== 200) throw new Error(`user/info failed: ${answer.status} ${answer.text}`);
  return answer.body.data;
}

/** Registers `wallet` under `referrer`'s invite code (or as first user) and returns its token. */
export async function register(
  server: HttpClient,
  wallet: TestWallet,
  referrerToken?: string,
): Promise<string> {
  const code = referrerToken ? (await userInfo(server, referrerToken)).code : '';
  return login(server, wallet, code);
}

/** Replaces the message's `field: value` line; the result is no longer what the server issued. */
export function withLine(message: string, prefix: string, value: string): string {
  return message
    .split('\n')
    .map((line) => (line.startsWith(prefix) ? `${prefix}${value}` : line))
    .join('\n');
}
