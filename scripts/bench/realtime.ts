// The realtime hub's fan-out, through real server processes started as an operator starts
// them: N signed-in users, a socket each subscribed to user@notice, then one notice — one
// event for every socket at once. Prints the time from sending the notice to each socket
// receiving it (p50, p99, max; the notice's own HTTP call included), the server's own
// figure (ju_realtime_fanout_seconds: from the commit's signal to the push), and the
// growth of the server's memory per open socket (rough: heap use moves with garbage
// collection). With BENCH_DATABASE_URL, on PostgreSQL, and with
// BENCH_PROCESSES=2 the sockets are split between two processes on that database and the
// notice is published through the first (cross-process fan-out through LISTEN/NOTIFY).
// A report, never a test.
//
//   npx node scripts/bench/realtime.ts                         1,000 sockets on SQLite
//   BENCH_SOCKETS=10000 npx node scripts/bench/realtime.ts
//   bash scripts/with-postgres.sh env BENCH_PROCESSES=2 npx node scripts/bench/realtime.ts
//     (BENCH_DATABASE_URL defaults to TEST_DATABASE_URL there)
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WebSocket } from 'ws';
import { privateKeyToAddress, signPersonalMessage } from '../../src/wallet/eip191.ts';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 1);
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? '';
const ADMIN_TOKEN = 'b'.repeat(40);
const CONCURRENCY = 25;
const ROUNDS = 5;

interface Server {
  child: ChildProcess;
  url: string;
}

function startServer(dataDir: string): Promise<Server> {
  const child = spawn(process.execPath, ['server/main.ts'], {
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      DATA_DIR: dataDir,
      ...(DATABASE_URL ? { DATABASE_URL } : {}),
      ADMIN_TOKEN,
      INVITE_REQUIRED: 'false',
      // No chain: the benchmark pays nothing on chain.
      CHAIN_RPC_URL: 'http://127.0.0.1:9',
      LOG_LEVEL: 'fatal',
      MAX_EVENT_LOOP_LAG_MS: '0',
      RATE_LIMIT_LOGIN_PER_MINUTE: '1000000',
      RATE_LIMIT_LOGIN_MESSAGE_PER_MINUTE: '1000000',
      // The limits configured for the load, not switched off: all from one address.
      MAX_SOCKETS_PER_IP: String(SOCKETS + 100),
      // Sign-ins and tickets in parallel, and upgrades still in their handshake.
      MAX_CONNECTIONS_PER_IP: '512',
      REALTIME_MAX_SOCKETS_PER_USER: '4',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk;
      const match = /JU Wallet is running at (http:\/\/\S+)/.exec(output);
      if (match) resolve({ child, url: match[1]! });
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
}

async function json(url: string, init: RequestInit = {}): Promise<{ data: never }> {
  const response = await fetch(url, init);
  const body = (await response.json()) as { code: number; data: never; message: string };
  if (body.code !== 200) throw new Error(`${url}: ${body.code} ${body.message}`);
  return body;
}

async function signIn(url: string, index: number): Promise<string> {
  const key = `0x${(index + 1).toString(16).padStart(64, '0')}`;
  const address = privateKeyToAddress(key);
  const { data: asked } = await json(`${url}/api/v1/auth/loginMessage?address=${address}`);
  const { message } = asked as { message: string };
  const { data } = await json(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ address, message, sign_message: signPersonalMessage(key, message) }),
  });
  return (data as { token: string }).token;
}

interface Listener {
  ws: WebSocket;
  /** Resolves with performance.now() when the next notice arrives. */
  nextNotice(): Promise<number>;
}

async function listen(url: string, token: string): Promise<Listener> {
  const { data } = await json(`${url}/api/v1/user/wsTicket`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  const { ticket, offset } = data as { ticket: string; offset: number };
  const ws = new WebSocket(`${url.replace('http', 'ws')}/ws?token=${ticket}`);
  let waiting: ((at: number) => void) | null = null;
  await new Promise<void>((resolve, reject) => {
    ws.once('error', reject);
    ws.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as { id?: number; stream?: string };
      if (message.id === 1) resolve();
      if (message.stream === 'user@notice') waiting?.(performance.now());
    });
    ws.once('open', () =>
      ws.send(
        JSON.stringify({ method: 'SUBSCRIBE', params: ['user@notice'], since: offset, id: 1 }),
      ),
    );
  });
  return {
    ws,
    nextNotice: () => new Promise((resolve) => (waiting = resolve)),
  };
}

async function inBatches<T>(count: number, work: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let from = 0; from < count; from += CONCURRENCY) {
    const batch = Array.from({ length: Math.min(CONCURRENCY, count - from) }, (_, i) => from + i);
    results.push(...(await Promise.all(batch.map(work))));
  }
  return results;
}

async function metric(url: string, name: string): Promise<number> {
  const text = await (
    await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })
  ).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name} `) || line.startsWith(`${name}{`))
    .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function main() {
  const dataDirs = Array.from({ length: PROCESSES }, () =>
    mkdtempSync(path.join(tmpdir(), 'ju-bench-realtime-')),
  );
  const servers: Server[] = [];
  try {
    for (const dir of dataDirs) servers.push(await startServer(dir));
    const where = DATABASE_URL ? 'PostgreSQL' : 'SQLite';
    console.log(`${SOCKETS} sockets, ${PROCESSES} process(es), ${where}`);
    const tokens = await inBatches(SOCKETS, (i) => signIn(servers[i % PROCESSES]!.url, i));
    const memoryBefore = await Promise.all(
      servers.map((s) => metric(s.url, 'nodejs_heap_size_used_bytes')),
    );
    const rssBefore = await Promise.all(
      servers.map((s) => metric(s.url, 'process_resident_memory_bytes')),
    );
    const listeners = await inBatches(SOCKETS, (i) =>
      listen(servers[i % PROCESSES]!.url, tokens[i]!),
    );
    const memoryAfter = await Promise.all(
      servers.map((s) => metric(s.url, 'nodejs_heap_size_used_bytes')),
    );
    const rssAfter = await Promise.all(
      servers.map((s) => metric(s.url, 'process_resident_memory_bytes')),
    );
    const heapPerSocket =
      (memoryAfter.reduce((a, b) => a + b, 0) - memoryBefore.reduce((a, b) => a + b, 0)) / SOCKETS;
    const rssPerSocket =
      (rssAfter.reduce((a, b) => a + b, 0) - rssBefore.reduce((a, b) => a + b, 0)) / SOCKETS;
    console.log(
      `memory per idle socket: heap ${(heapPerSocket / 1024).toFixed(1)} KB, ` +
        `resident ${(rssPerSocket / 1024).toFixed(1)} KB`,
    );

    for (let round = 1; round <= ROUNDS; round++) {
      const arrivals = Promise.all(listeners.map((listener) => listener.nextNotice()));
      const start = performance.now();
      await json(`${servers[0]!.url}/admin/v1/notices/add`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${ADMIN_TOKEN}` },
        body: JSON.stringify({ lang: 'en', title: `Round ${round}`, body: 'Hello' }),
      });
      const latencies = (await arrivals).map((at) => at - start).sort((a, b) => a - b);
      console.log(
        `round ${round}: p50 ${percentile(latencies, 50).toFixed(1)} ms, ` +
          `p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${latencies.at(-1)!.toFixed(1)} ms`,
      );
    }
    const counts = await Promise.all(
      servers.map((s) => metric(s.url, 'ju_realtime_fanout_seconds_count')),
    );
    const sums = await Promise.all(
      servers.map((s) => metric(s.url, 'ju_realtime_fanout_seconds_sum')),
    );
    const total = counts.reduce((a, b) => a + b, 0);
    // Copies made by the process holding the sockets are pushed as made, without a signal.
    if (total > 0)
      console.log(
        `server: ${total} users read after a signal, mean ${((sums.reduce((a, b) => a + b, 0) / total) * 1000).toFixed(2)} ms from signal to push`,
      );
    for (const listener of listeners) listener.ws.terminate();
  } finally {
    for (const server of servers) server.child.kill('SIGKILL');
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
}

await main();
