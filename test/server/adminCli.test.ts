// The operator CLI against a real server process, both started the way an operator would.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { SQLITE_FILE_NAME } from '../../server/db/database.ts';
import { tronTxid, withdrawOk, TRON_ADDRESS } from './support/money.ts';
import { exitOf, startServerProcess } from './support/serverProcess.ts';
import {
  createHttpClient,
  createPostgresDatabase,
  login,
  testWallet,
  usesPostgres,
  userInfo,
} from './harness.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const NODE = path.join(ROOT, 'node_modules/.bin/node');

interface ProcessResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runCli(args: string[], env: Record<string, string>): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(NODE, ['server/admin/cli.ts', ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('admin CLI', { timeout: 30_000 }, () => {
  let dataDir: string;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | null = null;
  let server: { child: ChildProcess; url: string };
  let cliEnv: Record<string, string>;
  const alice = testWallet('alice');

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'ju-cli-test-'));
    database = usesPostgres ? await createPostgresDatabase() : null;
    server = await startServerProcess({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: path.join(dataDir, 'no-dist'),
      LOG_LEVEL: 'warn',
      ...(database ? { DATABASE_URL: database.url } : {}),
    });
    // No ADMIN_TOKEN: the CLI finds the token the server wrote into DATA_DIR.
    cliEnv = { API_URL: server.url, DATA_DIR: dataDir };
    await login(createHttpClient(server.url), alice);
  }, 30_000);

  afterAll(async () => {
    if (server) {
      const exited = exitOf(server.child);
      server.child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints help', async () => {
    const result = await runCli(['--help'], cliEnv);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('npm run admin -- user list');
    expect(result.stdout).toContain('credit <address> <amount>');
  });

  it('lists users as a table', async () => {
    const result = await runCli(['user', 'list'], cliEnv);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^ADDRESS\s+INVITE CODE\s+REFERRER\s+CREATED\s+JU\s+USDT\s+TICKET/,
    );
    expect(result.stdout).toContain(alice.address);
    expect(result.stdout).toContain('1-1 of 1 users');
  });

  it('gives a user a level, which their user info shows at once', async () => {
    const client = createHttpClient(server.url);
    const token = await login(client, alice);
    expect((await userInfo(client, token)).level).toBe(0);
    const set = await runCli(['user', 'level', alice.address.toLowerCase(), '2'], cliEnv);
    expect(set.stdout).toContain(`${alice.address} is now at level V2.`);
    expect(set.code).toBe(0);
    expect((await userInfo(client, token)).level).toBe(2);
    const again = await runCli(['user', 'level', alice.address, '2'], cliEnv);
    expect(again.stdout).toContain('was at level V2 already');

    const nobody = await runCli(['user', 'level', testWallet('nobody').address, '1'], cliEnv);
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toContain('No user with this address');
    const tooHigh = await runCli(['user', 'level', alice.address, '100'], cliEnv);
    expect(tooHigh.code).toBe(2);
    expect((await userInfo(client, token)).level).toBe(2);
  });

  it('credits a deposit, once per key', async () => {
    const first = await runCli(['credit', alice.address, '12.5', 'JU', '--key', 'cli-1'], cliEnv);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`Credited 12.5 JU to ${alice.address}.`);
    expect(first.stdout).toContain('New balance: 12.5 JU');

    const retry = await runCli(['credit', alice.address, '12.5', 'ju', '--key', 'cli-1'], cliEnv);
    expect(retry.code).toBe(0);
    expect(retry.stdout).toContain('New balance: 12.5 JU');

    const token = await login(createHttpClient(server.url), alice);
    expect((await userInfo(createHttpClient(server.url), token)).balances.JU).toBe('12.5');

    const list = await runCli(['user', 'list'], cliEnv);
    expect(list.stdout).toMatch(/12\.5\s+0\s+0/);
  });

  it('without --key generates one and says how to retry', async () => {
    const result = await runCli(['credit', alice.address, '1', 'USDT'], cliEnv);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/To retry safely, pass --key [0-9a-f-]{36}/);
  });

  it('explains refusals and exits non-zero', async () => {
    const conflict = await runCli(['credit', alice.address, '13', 'JU', '--key', 'cli-1'], cliEnv);
    expect(conflict.code).toBe(1);
    expect(conflict.stderr).toContain('idempotency key was already used');

    const badAmount = await runCli(['credit', alice.address, '-3', 'JU'], cliEnv);
    expect(badAmount.code).toBe(1);
    expect(badAmount.stderr).toContain('greater than 0');

    const unknownUser = await runCli(['credit', testWallet('nobody').address, '1', 'JU'], cliEnv);
    expect(unknownUser.code).toBe(1);
    expect(unknownUser.stderr).toContain('No user with this address');

    const wrongToken = await runCli(['user', 'list'], {
      API_URL: server.url,
      ADMIN_TOKEN: 'wrong',
    });
    expect(wrongToken.code).toBe(1);
    expect(wrongToken.stderr).toContain('admin token');

    const noServer = await runCli(['user', 'list'], {
      API_URL: 'http://127.0.0.1:9',
      ADMIN_TOKEN: 'x',
    });
    expect(noServer.code).toBe(1);
    expect(noServer.stderr).toContain('Cannot reach the server');

    // Every area's commands are worded alike: a refused ledger check is no stack trace.
    const ledgerRefused = await runCli(['ledger', 'check'], {
      API_URL: server.url,
      ADMIN_TOKEN: 'wrong',
    });
    expect(ledgerRefused.code).toBe(1);
    expect(ledgerRefused.stderr).toMatch(/^Refused: .*admin token/);
  });

  it('rejects wrong usage with exit code 2', async () => {
    for (const args of [
      ['frobnicate'],
      ['credit', alice.address],
      [],
      ['user', 'list', '--page', 'zero'],
    ]) {
      const result = await runCli(args, cliEnv);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toContain('Usage:');
    }
  });

  it('lists, completes and fails withdrawals', async () => {
    expect((await runCli(['credit', alice.address, '100', 'USDT'], cliEnv)).code).toBe(0);
    const client = createHttpClient(server.url);
    const token = await login(client, alice);
    const body = { coin: 'USDT', address: TRON_ADDRESS, amount: '20' };
    const first = await withdrawOk(client, token, body);
    const second = await withdrawOk(client, token, body);

    const list = await runCli(['withdraw', 'list', '--status', 'processing'], cliEnv);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^ID\s+STATUS\s+COIN\s+AMOUNT\s+FEE\s+TO/);
    expect(list.stdout).toContain(TRON_ADDRESS);
    expect(list.stdout).toContain('2 of 2 withdrawals');

    const unknown = await runCli(['withdraw', 'unknown', first.id], cliEnv);
    expect(unknown.stdout).toContain(`Withdrawal ${first.id} marked unknown`);

    const completed = await runCli(['withdraw', 'complete', first.id, tronTxid('cli')], cliEnv);
    expect(completed.stderr).toBe('');
    expect(completed.stdout).toContain(
      `Withdrawal ${first.id} completed with transaction ${tronTxid('cli')}.`,
    );
    const again = await runCli(['withdraw', 'complete', first.id, tronTxid('cli')], cliEnv);
    expect(again.stdout).toContain('Already so:');

    const failed = await runCli(['withdraw', 'fail', second.id, 'chain rejected it'], cliEnv);
    expect(failed.code).toBe(0);
    expect(failed.stdout).toContain('failed (chain rejected it); 20 + fee 2 USDT returned');
    const late = await runCli(['withdraw', 'fail', first.id, 'too late'], cliEnv);
    expect(late.code).toBe(1);
    expect(late.stderr).toContain('no longer processing');

    const usage = await runCli(['withdraw', 'complete', first.id], cliEnv);
    expect(usage.code).toBe(2);
  });

  it('checks the ledger, and exits non-zero when an invariant breaks', async () => {
    const healthy = await runCli(['ledger', 'check'], cliEnv);
    expect(healthy.stderr).toBe('');
    expect(healthy.code).toBe(0);
    expect(healthy.stdout).toMatch(/^ASSET\s+TOTAL\s+BY KIND/);
    expect(healthy.stdout).toMatch(/USDT\s+0\s+.*fees 2/);
    expect(healthy.stdout).toContain('Ledger OK');

    // Break it behind the database's back, as only someone with the database's own
    // powers (disabling its guard) could.
    await corruptOneBalance();
    const broken = await runCli(['ledger', 'check'], cliEnv);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('LEDGER BROKEN');
    expect(broken.stderr).toMatch(/balance \d+ but its entries sum to/);
  });

  it('checks the team figures, and exits non-zero when one is wrong', async () => {
    const client = createHttpClient(server.url);
    const { code } = await userInfo(client, await login(client, alice));
    await login(client, testWallet('alice referral'), code);
    const healthy = await runCli(['team', 'check'], cliEnv);
    expect(healthy.stderr).toBe('');
    expect(healthy.code).toBe(0);
    expect(healthy.stdout).toMatch(/^2 users, \d+ deltas waiting for the fold/);
    expect(healthy.stdout).toContain('Team figures OK');

    // One more team member for alice than her tree has.
    await runStatement(`INSERT INTO team_deltas (user_id, direct, team, personal_units, team_units)
      SELECT id, 0, 1, 0, 0 FROM users WHERE referrer_id IS NULL`);
    const broken = await runCli(['team', 'check'], cliEnv);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/^USER\s+ADDRESS\s+FIGURE\s+STORED\s+RECOMPUTED/);
    expect(broken.stderr).toMatch(new RegExp(`${alice.address}\\s+team\\s+2\\s+1`));
    expect(broken.stderr).toContain('TEAM FIGURES WRONG: 1 difference.');
  });

  /** Runs `statement` on the server's database behind its back, after `first` if given. */
  async function runStatement(
    statement: string,
    first?: { postgres: string; sqlite: string },
  ): Promise<void> {
    if (database) {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        if (first) await client.query(first.postgres);
        await client.query(statement);
      } finally {
        await client.end();
      }
      return;
    }
    const sqlite = new DatabaseSync(path.join(dataDir, SQLITE_FILE_NAME));
    try {
      sqlite.exec('PRAGMA busy_timeout = 5000;');
      if (first) sqlite.exec(first.sqlite);
      sqlite.exec(statement);
    } finally {
      sqlite.close();
    }
  }

  /** One user account's balance off by one, past the guard that would refuse it. */
  function corruptOneBalance(): Promise<void> {
    return runStatement(
      `UPDATE accounts SET balance = balance + 1
        WHERE id = (SELECT MIN(id) FROM accounts WHERE user_id IS NOT NULL)`,
      {
        postgres: 'ALTER TABLE accounts DISABLE TRIGGER accounts_guard',
        sqlite: 'DROP TRIGGER accounts_guard;',
      },
    );
  }
});
