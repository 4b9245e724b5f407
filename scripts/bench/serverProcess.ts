// One server for the benchmark, in its own process so the load generator does not share its
// event loop: `app` is the real reference server, `bare` a Fastify route that does nothing,
// the yardstick the app's figures are divided by, `ledger` the ledger alone (see
// startLedger). Prints one JSON line once it listens, then answers each `stats` line on its
// input with one JSON line of its query statistics (server/db/queryStats.ts); `users N`
// with N signed-in users' tokens, `team` with the token of a user with a 10,000-member team,
// `split` with the envelope gateway's time by phase (server/envelope/split.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  gatewayKeyOf,
  openRequest,
  sealResponse,
} from '../../contract/api/envelope/envelopeMessage.ts';
import {
  encodeKeyConfigList,
  REQUEST_CONTENT_TYPE,
  RESPONSE_CONTENT_TYPE,
} from '../../contract/api/envelope/ohttp.ts';
import { ENVELOPE_PATH, KEY_LIST_ENCODING } from '../../contract/api/envelope/transport.ts';
import { nodeCrypto } from '../../server/envelope/nodeCrypto.ts';
import { hashToken } from '../../server/sessions/sessions.ts';
import { openDatabase } from '../../server/db/database.ts';
import { prepared } from '../../server/db/prepared.ts';
import { inGroupTransaction } from '../../server/db/groupCommit.ts';
import { readQueryStats } from '../../server/db/queryStats.ts';
import { readEnvelopeSplit } from '../../server/envelope/split.ts';
import { ACCOUNT_KIND, ensureSystemAccount } from '../../server/ledger/accounts.ts';
import { postTransfer } from '../../server/ledger/postTransfer.ts';
import { startServer } from '../../server/main.ts';
import { growTeam } from './team.ts';

const mode = process.argv[2];
const BENCH_ACCOUNTS = 50n;
const GENEROUS = { max: 10_000_000, windowMs: 60_000 };

async function startApp() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ju-bench-'));
  const server = await startServer({
    // The realtime bench raises the per-address caps to fit its load from one address. The
    // envelope is on, as in production; plain calls are answered all the same.
    env: {
      ENVELOPE: 'on',
      ...Object.fromEntries(
        // Processes sharing a database share the envelope's key-encryption key.
        ['MAX_SOCKETS_PER_IP', 'MAX_CONNECTIONS_PER_IP', 'ENVELOPE_KEY_SECRET'].flatMap((name) =>
          process.env[name] ? [[name, process.env[name]]] : [],
        ),
      ),
    },
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: process.env.BENCH_DATABASE_URL || null,
    distDir: path.join(dataDir, 'no-dist'),
    rateLimits: {
      login: GENEROUS,
      loginMessage: GENEROUS,
      money: GENEROUS,
      authFailures: GENEROUS,
      // The refusal bench measures the 429 past the budget in a server of its own.
      envelopeRefusals: process.env.BENCH_ENVELOPE_REFUSALS_PER_MINUTE
        ? { max: Number(process.env.BENCH_ENVELOPE_REFUSALS_PER_MINUTE), windowMs: 60_000 }
        : GENEROUS,
      wsTicket: GENEROUS,
    },
  });
  return {
    announce: { url: server.url, adminToken: server.adminToken },
    /** `count` new users, each with a live session: their tokens (the realtime bench). */
    async users(count: number): Promise<string[]> {
      return (await this.signedInUsers(count)).map((user) => user.token);
    },
    /** A new signed-in user with a LARGE_TEAM-member team below it: its token. */
    async userWithTeam(): Promise<string> {
      const [user] = await this.signedInUsers(1);
      await growTeam(server.db, user!.id, randomUUID().slice(0, 8), new Date().toISOString());
      return user!.token;
    },
    async signedInUsers(count: number): Promise<{ id: bigint; token: string }[]> {
      const prefix = randomUUID().slice(0, 8);
      const now = new Date();
      const expiresAt = new Date(now.getTime() + server.settings.sessionTtlSeconds * 1000);
      const signedIn: { id: bigint; token: string }[] = [];
      for (let start = 0; start < count; start += USERS_PER_INSERT) {
        const size = Math.min(USERS_PER_INSERT, count - start);
        const users = await server.db.kysely
          .insertInto('users')
          .values(
            Array.from({ length: size }, (_, index) => ({
              address: `0xbench${prefix}${start + index}`,
              invite_code: `B${prefix}${start + index}`,
              created_at: now.toISOString(),
            })),
          )
          .returning('id')
          .execute();
        const batch = users.map(() => randomBytes(32).toString('base64url'));
        await server.db.kysely
          .insertInto('sessions')
          .values(
            users.map((user, index) => ({
              token_hash: hashToken(batch[index]!),
              user_id: user.id,
              created_at: now.toISOString(),
              expires_at: expiresAt.toISOString(),
              device_id: null,
            })),
          )
          .execute();
        signedIn.push(...users.map((user, index) => ({ id: user.id, token: batch[index]! })));
      }
      return signedIn;
    },
    async close() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const USERS_PER_INSERT = 500;

const accountById = prepared((db, { id }: { id: bigint }) =>
  db.selectFrom('accounts').selectAll().where('id', '=', id),
);

/** Listens on a free loopback port; the URL to announce. */
async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return `http://127.0.0.1:${port}`;
}

const BARE_ANSWER = { code: 200, message: 'ok', data: null };

/** The answer the bench copied from the app (BENCH_COPY: its body and headers), if any. */
function copiedAnswer(): { headers: Record<string, string>; body: Buffer } | null {
  if (!process.env.BENCH_COPY) return null;
  const copy = JSON.parse(process.env.BENCH_COPY) as {
    headers: Record<string, string>;
    body: string;
  };
  return { headers: copy.headers, body: Buffer.from(copy.body) };
}

async function startBare() {
  const app = Fastify({ logger: false });
  app.get('/bare', async () => BARE_ANSWER);
  bareEnvelope(app);
  // Another server's answer, byte for byte with its headers, sent by Fastify alone.
  const copy = copiedAnswer();
  if (copy) app.get('/copy', (_request, reply) => reply.headers(copy.headers).send(copy.body));
  return { announce: { url: await listenOnLoopback(app) }, close: () => app.close() };
}

/**
 * The envelope's floor beside the bare route: the same sealed POST the app's gateway takes,
 * opened and answered by the contract's envelope alone on the server's crypto (nodeCrypto),
 * with no key store, nonce check, hooks or inner call. Sealed − plain here is what any server
 * pays for the envelope on this machine: the cryptography, the larger POST read and write.
 */
function bareEnvelope(app: FastifyInstance) {
  const crypto = nodeCrypto();
  const keyPair = crypto.x25519KeyPair(crypto.randomBytes(32));
  const key = gatewayKeyOf(1, keyPair);
  const keyList = Buffer.from(encodeKeyConfigList([key.config])).toString(KEY_LIST_ENCODING);
  const answer = {
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: new TextEncoder().encode(JSON.stringify(BARE_ANSWER)),
  };
  app.get('/config.json', async () => ({ server_public_key: keyList }));
  app.addContentTypeParser(REQUEST_CONTENT_TYPE, { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  app.post(ENVELOPE_PATH, async (request, reply) => {
    const { context } = openRequest(crypto, () => key, request.body as Buffer, {
      nowMs: Date.now(),
    });
    const sealed = sealResponse(crypto, context, answer);
    return reply
      .header('content-type', RESPONSE_CONTENT_TYPE)
      .send(Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength));
  });
}

/**
 * The ledger alone behind Fastify: each request posts one two-leg transfer between system
 * accounts (no sign-in, input, idempotency claim or domain row), committed the way the app
 * commits (group commit on SQLite). What the full money path costs beyond it is ours.
 * `GET /query` runs one trivial query through the same database layer: the price of a
 * query, which a request pays once per query it makes.
 */
async function startLedger() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ju-bench-ledger-'));
  const db = await openDatabase({
    dataDir,
    databaseUrl: process.env.BENCH_DATABASE_URL || null,
  });
  const now = new Date();
  // As many accounts as the app benchmark has users, each paying the next round the ring.
  const accounts: bigint[] = [];
  for (let shard = 0n; shard < BENCH_ACCOUNTS; shard++) {
    accounts.push(await ensureSystemAccount(db, 'TICKET', ACCOUNT_KIND.deposits, now, shard));
  }
  let next = 0;
  const app = Fastify({ logger: false });
  app.post('/ledger', async () => {
    const from = next++ % accounts.length;
    const transfer = await inGroupTransaction(db, (trx) =>
      postTransfer(trx, {
        idempotencyKey: `bench-ledger:${randomUUID()}`,
        kind: 'bench',
        legs: [
          { accountId: accounts[from]!, amount: -1n },
          { accountId: accounts[(from + 1) % accounts.length]!, amount: 1n },
        ],
        now: new Date(),
      }),
    );
    return { code: 200, message: 'ok', data: { id: String(transfer.id) } };
  });
  // The floor of a signed-in read such as user/info: the bearer token hashed, one row read by
  // key with a prepared query (server/db/prepared.ts), and an answer of the same bytes and
  // headers as the app's (BENCH_COPY), or a small JSON one.
  const copy = copiedAnswer();
  app.get('/read', async (request, reply) => {
    const tokenHash = hashToken(request.headers.authorization ?? '');
    const [account] = await accountById(db, { id: accounts[next++ % accounts.length]! });
    if (copy && account) return reply.headers(copy.headers).send(copy.body);
    return { code: 200, message: 'ok', data: { session: tokenHash, account: String(account?.id) } };
  });
  app.get('/query', async () => {
    const { rows } = await sql<{ one: bigint | number }>`SELECT 1 AS one`.execute(db.kysely);
    return { code: 200, message: 'ok', data: { one: Number(rows[0]?.one) } };
  });
  return {
    announce: { url: await listenOnLoopback(app) },
    async close() {
      await app.close();
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const app = mode === 'bare' || mode === 'ledger' ? null : await startApp();
const server = mode === 'bare' ? await startBare() : mode === 'ledger' ? await startLedger() : app!;
console.log(JSON.stringify(server.announce));
createInterface({ input: process.stdin }).on('line', (line) => {
  if (line === 'stats') console.log(JSON.stringify(readQueryStats()));
  // The envelope gateway's time by phase (server/envelope/split.ts; ENVELOPE_SPLIT=1).
  if (line === 'split') console.log(JSON.stringify(readEnvelopeSplit()));
  // Memory after a full collection (the realtime bench starts this process with --expose-gc).
  if (line === 'memory') {
    (globalThis as { gc?: () => void }).gc?.();
    console.log(JSON.stringify(process.memoryUsage()));
  }
  const users = /^users (\d+)$/.exec(line);
  if (users && app) {
    void app.users(Number(users[1])).then((tokens) => console.log(JSON.stringify(tokens)));
  }
  if (line === 'team' && app) {
    void app.userWithTeam().then((token) => console.log(JSON.stringify(token)));
  }
});
const stop = () => {
  void server.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
