// SIGKILL the server in the middle of a burst of transfers, restart it on the same data:
// the ledger checks out and every acknowledged transfer is still there.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { adminPaths, ledgerCheckDataSchema } from '../../server/admin/contract.ts';
import { transferListDataSchema, transferPaths } from '../../contract/api/transfer.ts';
import {
  createHttpClient,
  createPostgresDatabase,
  login,
  testWallet,
  usesPostgres,
  type HttpClient,
} from './harness.ts';
import { dataOf, transfer, walletOf } from './support/money.ts';
import { exitOf, startServerProcess } from './support/serverProcess.ts';

const BURST = 300;
const KILL_AFTER_ACKNOWLEDGED = 60;
const CONCURRENCY = 16;

describe('crash in the middle of transfers', { timeout: 60_000 }, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ju-crash-test-'));
  const adminToken = randomBytes(24).toString('hex');
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | null = null;
  let stop: (() => Promise<void>) | null = null;

  afterAll(async () => {
    await stop?.();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const start = async () => {
    const server = await startServerProcess({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: path.join(dataDir, 'no-dist'),
      LOG_LEVEL: 'fatal',
      ADMIN_TOKEN: adminToken,
      INVITE_REQUIRED: 'false',
      RATE_LIMIT_MONEY_PER_MINUTE: '1000000',
      RATE_LIMIT_LOGIN_PER_MINUTE: '1000000',
      RATE_LIMIT_LOGIN_MESSAGE_PER_MINUTE: '1000000',
      ...(database ? { DATABASE_URL: database.url } : {}),
    });
    stop = async () => {
      const exited = exitOf(server.child);
      server.child.kill('SIGTERM');
      await exited;
      stop = null;
    };
    return server;
  };

  it('loses no acknowledged transfer and keeps the ledger whole', async () => {
    database = usesPostgres ? await createPostgresDatabase() : null;
    const first = await start();
    let client: HttpClient = createHttpClient(first.url);
    const payer = testWallet('crash payer');
    const payee = testWallet('crash payee');
    let payerToken = await login(client, payer);
    await login(client, payee);
    const credit = await client.request('POST', adminPaths.credit, {
      json: { address: payer.address, asset: 'TICKET', amount: '1000', idempotency_key: 'seed' },
      token: adminToken,
    });
    expect(credit.status).toBe(200);

    // A burst of 1-ticket transfers, each with its own key; SIGKILL once enough are
    // acknowledged, while others are in flight.
    const acknowledged = new Map<string, unknown>();
    const keys = Array.from({ length: BURST }, () => randomUUID());
    let next = 0;
    let killed = false;
    const crashed = exitOf(first.child);
    const worker = async () => {
      while (next < keys.length && !killed) {
        const key = keys[next++]!;
        try {
          const answer = await transfer(
            client,
            payerToken,
            { address: payee.address, amount: '1' },
            key,
          );
          if (answer.status === 200) acknowledged.set(key, answer.body);
        } catch {
          // The connection died with the server: not acknowledged.
        }
        if (!killed && acknowledged.size >= KILL_AFTER_ACKNOWLEDGED) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    await crashed;
    stop = null;
    expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER_ACKNOWLEDGED);

    const second = await start();
    client = createHttpClient(second.url);
    payerToken = await login(client, payer);

    const check = await client.request('GET', adminPaths.ledgerCheck, { token: adminToken });
    const report = dataOf(check, ledgerCheckDataSchema);
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);

    // Every acknowledged transfer is there: retrying its key answers the stored result.
    for (const [key, body] of acknowledged) {
      const again = await transfer(
        client,
        payerToken,
        { address: payee.address, amount: '1' },
        key,
      );
      expect(again.body).toEqual(body);
    }
    const sent = dataOf(
      await client.request('GET', `${transferPaths.list}?direction=out&page_size=1`, {
        token: payerToken,
      }),
      transferListDataSchema,
    );
    expect(sent.total).toBeGreaterThanOrEqual(acknowledged.size);
    const wallet = await walletOf(client, payerToken);
    expect(Number(wallet.TICKET.available)).toBe(1000 - sent.total);
  });
});
