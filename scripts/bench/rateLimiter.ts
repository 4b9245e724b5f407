// What the shared rate limiter adds to a limited call on PostgreSQL: one statement, timed
// here beside a bare `SELECT 1` through the same database layer (the price of any round
// trip), for the two shapes the dispatcher sends — one counted check (sign-in, login message)
// and a read plus a count (a money call: the address's failed authentications and the user's
// money window) — on the UNLOGGED table the server uses and, for comparison, the same table
// LOGGED. Sequential calls, so wall time is latency; CPU is this process's (the driver).
//
//   WITH_POSTGRES_DURABLE=1 bash scripts/with-postgres.sh npx node scripts/bench/rateLimiter.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CompiledQuery, sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../../server/db/database.ts';
import { readQueryStats } from '../../server/db/queryStats.ts';
import { createPostgresRateLimitStore } from '../../server/http/postgresRateLimitStore.ts';
import { createRateLimiter, type LimitCheck } from '../../server/http/rateLimiter.ts';
import { createMemoryRateLimitStore } from '../../server/http/rateLimitStore.ts';

const CALLS = Number(process.env.BENCH_CALLS ?? 5000);
const serverUrl = process.env.TEST_DATABASE_SOCKET_URL || process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error('Run through scripts/with-postgres.sh');

const name = `bench_limiter_${process.pid}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
// The socket URL has no host, so the database is swapped in the text.
const databaseUrl = serverUrl.replace(/\/postgres(\?|$)/, `/${name}$1`);
const dataDir = mkdtempSync(path.join(tmpdir(), 'ju-bench-limiter-'));
const db = await openDatabase({ dataDir, databaseUrl });

const GENEROUS = { max: 1_000_000_000, windowMs: 3_600_000 };
const settings = {
  login: GENEROUS,
  loginMessage: GENEROUS,
  money: GENEROUS,
  authFailures: GENEROUS,
  isRegister: GENEROUS,
  envelopeRefusals: GENEROUS,
  wsTicket: GENEROUS,
};
const now = () => new Date();
const postgres = createRateLimiter(createPostgresRateLimitStore(db), settings, now, () => {});
const memory = createRateLimiter(createMemoryRateLimitStore(), settings, now, () => {});

// A thousand clients and users, so the table holds as many windows as a busy minute might.
const ip = (index: number) => `198.51.${(index >> 8) & 255}.${index & 255}`;
const signIn = (index: number): LimitCheck[] => [
  { limit: 'login', per: 'ip', subject: ip(index % 1000), mode: 'count' },
];
const moneyCall = (index: number): LimitCheck[] => [
  { limit: 'authFailures', per: 'ip', subject: ip(index % 1000), mode: 'read' },
  { limit: 'money', per: 'user', subject: String(index % 1000), mode: 'count' },
];

async function measure(label: string, call: (index: number) => Promise<unknown>) {
  for (let index = 0; index < 500; index++) await call(index);
  const queries = readQueryStats().queries;
  const cpu = process.cpuUsage();
  const start = performance.now();
  for (let index = 0; index < CALLS; index++) await call(index);
  const wall = ((performance.now() - start) * 1000) / CALLS;
  const used = process.cpuUsage(cpu);
  const cpuMicros = (used.user + used.system) / CALLS;
  const perCall = (readQueryStats().queries - queries) / CALLS;
  console.log(
    `${label.padEnd(44)} ${wall.toFixed(1).padStart(7)} µs/call  ${cpuMicros.toFixed(1).padStart(6)} µs CPU  ${perCall.toFixed(2)} queries`,
  );
}

try {
  console.log(
    `${CALLS} sequential calls each, PostgreSQL over ${databaseUrl.includes('@/') ? 'its Unix socket' : 'TCP'}`,
  );
  const select1 = CompiledQuery.raw('SELECT 1 AS one WHERE $1::int = 1', [1]);
  await measure('SELECT 1 (one round trip, for scale)', () => db.kysely.executeQuery(select1));
  await measure('limiter: sign-in (one counted check)', (index) => postgres.check(signIn(index)));
  await measure('limiter: money call (read + count)', (index) => postgres.check(moneyCall(index)));
  await sql`ALTER TABLE rate_limit_windows SET LOGGED`.execute(db.kysely);
  await measure('same on a LOGGED table: sign-in', (index) => postgres.check(signIn(index)));
  await measure('same on a LOGGED table: money call', (index) => postgres.check(moneyCall(index)));
  await measure('in memory (SQLite servers): money call', (index) =>
    memory.check(moneyCall(index)),
  );
} finally {
  await db.close();
  await admin.query(`DROP DATABASE ${name}`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}
