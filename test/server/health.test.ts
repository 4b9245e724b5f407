// Liveness and readiness as a load balancer or Kubernetes sees them (server/http/health.ts,
// readiness.ts): JSON, never the app page; 503 while a required dependency is down or the
// process is stopping, 200 again once it is back, without a restart. Each check's figures
// are the operator's: without the operator token /readyz shows the status alone.
import http from 'node:http';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPECTED_MIGRATIONS } from '../../server/db/migrate.ts';
import { apiErrors } from '../../contract/api/errors.ts';
import { startTestServer, usesPostgres, type TestServer } from './harness.ts';
import { randomAddress } from './support/chain.ts';

/** A GET with a Host header of our choosing (fetch always sends the URL's own). */
function getWithHost(url: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { host } }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

/**
 * Takes the server's database away and brings it back. PostgreSQL: the test's own database
 * refuses new connections and its open ones are ended, as when the database is stopped (the
 * shared test cluster itself cannot be). SQLite, which lives inside the process: every query
 * fails, its tables gone from under it.
 */
async function databaseOutage(server: TestServer) {
  if (usesPostgres) {
    const name = new URL(server.settings.databaseUrl!).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    return {
      async stop() {
        await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
        await admin.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1',
          [name],
        );
      },
      async start() {
        await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
        await admin.end();
      },
    };
  }
  const { kysely } = server.db;
  return {
    stop: () => sql`ALTER TABLE kysely_migration RENAME TO kysely_migration_away`.execute(kysely),
    start: () => sql`ALTER TABLE kysely_migration_away RENAME TO kysely_migration`.execute(kysely),
  };
}

describe('liveness and readiness', () => {
  let server: TestServer;
  const logged: Array<{ level: number; msg: string }> = [];
  const readinessLines = () => logged.filter((line) => line.msg.startsWith('readiness:'));
  beforeAll(async () => {
    server = await startTestServer({
      logger: {
        level: 'info',
        stream: { write: (line: string) => void logged.push(JSON.parse(line)) },
      },
    });
  });
  afterAll(() => server.close());
  const readyz = () => server.request('GET', '/readyz', { token: server.adminToken });

  it('GET /healthz says the process is up, as JSON that no cache keeps', async () => {
    const answer = await server.request('GET', '/healthz');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body).toEqual({ status: 'ok' });
  });

  it('GET /readyz without the operator token shows the status and no figures', async () => {
    for (const token of [undefined, 'not-the-operator-token']) {
      const answer = await server.request('GET', '/readyz', token ? { token } : {});
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.body).toEqual({ status: 'ready' });
    }
  });

  it('GET /readyz reports each dependency to the operator, ready when all required ones answer', async () => {
    const answer = await readyz();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.body).toEqual({
      status: 'ready',
      checks: {
        database: { status: 'up', ms: expect.any(Number) },
        migrations: { status: 'current', expected: EXPECTED_MIGRATIONS },
        // This server takes no payments on chain: no node to ask.
        chain: { status: 'off' },
        event_loop: { lag_ms: expect.any(Number) },
      },
    });
    // A dependency that is up from the start is no news.
    expect(readinessLines()).toEqual([]);
  });

  it('answers a probe whatever Host it names, where other paths are refused', async () => {
    // A balancer or a kubelet calls the address it knows, not the site's name.
    const host = '10.0.0.7:8080';
    expect((await getWithHost(`${server.url}/healthz`, host)).status).toBe(200);
    expect((await getWithHost(`${server.url}/readyz`, host)).status).toBe(200);
    const config = await getWithHost(`${server.url}/config.json`, host);
    expect(config.status).toBe(400);
    expect(JSON.parse(config.body).code).toBe(apiErrors.host_not_allowed.code);
  });

  it('turns 503 while a migration this server needs has not run, 200 once it has', async () => {
    const [last] = await server.db.kysely
      .selectFrom('kysely_migration' as never)
      .selectAll()
      .orderBy('name' as never, 'desc')
      .limit(1)
      .execute();
    const { name } = last as { name: string };
    await sql`DELETE FROM kysely_migration WHERE name = ${name}`.execute(server.db.kysely);
    try {
      const behind = await readyz();
      expect(behind.status).toBe(503);
      expect(behind.body.status).toBe('not_ready');
      expect(behind.body.checks.database.status).toBe('up');
      expect(behind.body.checks.migrations).toEqual({
        status: 'behind',
        expected: EXPECTED_MIGRATIONS,
        missing: [name],
      });
    } finally {
      await server.db.kysely
        .insertInto('kysely_migration' as never)
        .values(last as never)
        .execute();
    }
    expect((await server.request('GET', '/readyz')).status).toBe(200);
  });

  it(`turns 503 while the database is ${usesPostgres ? 'stopped' : 'failing'}, and 200 once it is back, without a restart`, async () => {
    const outage = await databaseOutage(server);
    await outage.stop();
    try {
      const down = await readyz();
      expect(down.status).toBe(503);
      expect(down.body.status).toBe('not_ready');
      expect(down.body.checks.database).toEqual({ status: 'down', reason: 'error' });
      expect(down.body.checks.migrations.status).toBe('unknown');
      // The process itself is alive: a liveness probe must not restart it for this.
      expect((await server.request('GET', '/healthz')).status).toBe(200);
      expect((await server.request('GET', '/readyz')).status).toBe(503);
    } finally {
      await outage.start();
    }
    const back = await readyz();
    expect(back.status).toBe(200);
    expect(back.body.status).toBe('ready');
    // Once down and once back in the log, however many probes came between.
    expect(readinessLines()).toEqual([
      expect.objectContaining({ level: 40, msg: 'readiness: database is down' }),
      expect.objectContaining({ level: 30, msg: 'readiness: database is back' }),
    ]);
  });
});

describe('readiness beside the chain and through shutdown', () => {
  it('stays 200, degraded, while the chain node does not answer: only payments wait', async () => {
    const server = await startTestServer({
      // Nothing listens on port 9: the node is down.
      chain: { rpcUrl: 'http://127.0.0.1:9/', treasury: randomAddress() },
    });
    try {
      const answer = await server.request('GET', '/readyz', { token: server.adminToken });
      expect(answer.status).toBe(200);
      expect(answer.body.status).toBe('degraded');
      expect(answer.body.checks.chain).toEqual({ status: 'down', reason: 'error' });
      expect(answer.body.checks.database.status).toBe('up');
    } finally {
      await server.close();
    }
  });

  it('turns 503 as soon as shutdown begins, and serves requests while the balancer drains it', async () => {
    const server = await startTestServer({
      operations: { maxEventLoopLagMs: 600_000, shutdownDrainMs: 600_000 },
    });
    expect((await server.request('GET', '/readyz')).status).toBe(200);
    const closing = server.close();
    const stopping = await server.request('GET', '/readyz');
    expect(stopping.status).toBe(503);
    expect(stopping.body).toEqual({ status: 'stopping' });
    // Still alive and still serving, until the drain is over.
    expect((await server.request('GET', '/healthz')).status).toBe(200);
    expect((await server.request('GET', '/config.json')).status).toBe(200);
    // Asked again (a second signal), it stops draining and closes.
    await server.close();
    await closing;
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
  });
});
