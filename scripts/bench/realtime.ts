// The realtime hub under many sockets: 1,000 and 10,000 signed-in sockets on loopback, each
// subscribed to its user's streams; one notice published reaches every one of them. Prints
// the fan-out latency (from the operator's publish call to each socket's event, p50/p99), the
// server's memory per idle socket, and — on PostgreSQL — the same with the sockets on one
// process and the notice published through another (LISTEN/NOTIFY between them). Beside each,
// the floor: the same sockets on a bare `ws` server (bareWsServer.ts), and the ratio. Part of
// `npm run bench`; also runs alone: `node scripts/bench/realtime.ts` (SQLite; PostgreSQL too
// when TEST_DATABASE_URL is set). A report, never a test.
//
// The limits stay on, configured for a load generator that is one address: the per-address
// caps (MAX_SOCKETS_PER_IP, MAX_CONNECTIONS_PER_IP) are raised to fit the load, as an operator
// behind a carrier-grade NAT would.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import WebSocket from 'ws';
import { REALTIME_STREAMS } from '../../contract/api/realtime.ts';
import type { QueryStats } from '../../server/db/queryStats.ts';

const SIZES = (process.env.BENCH_SOCKETS ?? '1000,10000').split(',').map(Number);
/** Every server process on one database shares its envelope's key-encryption key. */
const ENVELOPE_KEY_SECRET = process.env.ENVELOPE_KEY_SECRET ?? randomBytes(32).toString('base64');
const TICKET_CONCURRENCY = 50;
const EVENT_TIMEOUT_MS = 60_000;
/**
 * Notices published one after another to the same sockets. The first warms up; the figure
 * compared is the median of the others' p99, steadier on a busy machine than any one round.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);

interface Child {
  process: ChildProcess;
  url: string;
  adminToken: string;
  /** Sends one command line; answers its one JSON line. */
  ask<T>(command: string): Promise<T>;
}

async function startServer(databaseUrl: string | undefined, sockets: number): Promise<Child> {
  // BENCH_CPU_PROF=DIR: a CPU profile of each server process, written there when it stops.
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const child = spawn(
    process.execPath,
    [...profile, '--expose-gc', 'scripts/bench/serverProcess.ts', 'app'],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
      env: {
        ...process.env,
        BENCH_DATABASE_URL: databaseUrl ?? '',
        ENVELOPE_KEY_SECRET,
        MAX_SOCKETS_PER_IP: String(sockets * 2 + 100),
        // Ticket calls and upgrades still in their handshake, all from one address.
        MAX_CONNECTIONS_PER_IP: '512',
      },
    },
  );
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const nextLine = async () => {
    const { value, done } = await lines.next();
    if (done) throw new Error('the bench server exited');
    return value as string;
  };
  const announce = JSON.parse(await nextLine()) as { url: string; adminToken: string };
  return {
    process: child,
    ...announce,
    async ask<T>(command: string) {
      child.stdin!.write(`${command}\n`);
      return JSON.parse(await nextLine()) as T;
    },
  };
}

function stop(child: Child): Promise<void> {
  return new Promise((resolve) => {
    child.process.once('exit', () => resolve());
    child.process.kill('SIGTERM');
  });
}

async function ticketFor(base: string, token: string): Promise<{ ticket: string; offset: number }> {
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(`${base}/api/v1/user/wsTicket`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await response.json()) as {
      code: number;
      data: { ticket: string; offset: number; retry_after_seconds?: number };
    };
    if (body.code === 200) return body.data;
    // A busy machine (other work on it) makes the server shed load: come back as it asks.
    if (response.status !== 503 || attempt >= 5)
      throw new Error(`wsTicket: ${response.status} ${JSON.stringify(body)}`);
    await new Promise((resolve) =>
      setTimeout(resolve, (body.data.retry_after_seconds ?? 1) * 1000),
    );
  }
}

interface OpenSocket {
  socket: WebSocket;
  /** Resolves with the time the first user@notice event arrived after `armed`. */
  nextNotice(): Promise<number>;
}

async function openSocket(base: string, realtimeUrl: string, token: string): Promise<OpenSocket> {
  const { ticket, offset } = await ticketFor(base, token);
  return connect(`${realtimeUrl}?token=${encodeURIComponent(ticket)}`, base, offset);
}

/** A socket subscribed to every stream, from `since` (the hub's, or the bare server's). */
async function connect(url: string, origin: string, since: number): Promise<OpenSocket> {
  const socket = new WebSocket(url, { origin });
  let onNotice: ((at: number) => void) | null = null;
  // A refused upgrade is reported through the promise below, never as an unhandled error.
  socket.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('close', (code) => reject(new Error(`socket closed with ${code}`)));
    socket.once('open', () => {
      socket.send(JSON.stringify({ method: 'SUBSCRIBE', params: REALTIME_STREAMS, id: 1, since }));
    });
    socket.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as { id?: number; stream?: string };
      if (message.id === 1) {
        socket.removeAllListeners('close');
        socket.removeAllListeners('error');
        socket.on('error', () => {});
        resolve();
      } else if (message.stream === 'user@notice') onNotice?.(performance.now());
    });
  });
  return {
    socket,
    nextNotice: () =>
      new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no event')), EVENT_TIMEOUT_MS);
        onNotice = (at) => {
          clearTimeout(timer);
          onNotice = null;
          resolve(at);
        };
      }),
  };
}

/** Runs `work` over `items`, `concurrency` at a time. */
async function inBatches<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!);
      }
    }),
  );
  return results;
}

/** Publishes one notice; answers when the call that succeeded was sent (performance.now()). */
async function publishNotice(base: string, adminToken: string): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    const sent = performance.now();
    const response = await fetch(`${base}/admin/v1/notices/add`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({
        lang: 'EN',
        title: 'Bench',
        body: '<p>One event for every socket</p>',
      }),
    });
    if (response.ok) return sent;
    // Load shed on a busy machine: the round is timed from the call that went through.
    if (response.status !== 503 || attempt >= 5)
      throw new Error(`notice: ${response.status} ${await response.text()}`);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
}

interface Memory {
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

/** ROUNDS publications to `sockets`: p50/p99 ms of each round, and the warm rounds' median p99. */
async function measureRounds(
  sockets: readonly OpenSocket[],
  publish: () => Promise<number | void>,
): Promise<{ text: string; warmP99: number }> {
  const rounds: string[] = [];
  const warm: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const arrivals = sockets.map((socket) => socket.nextNotice());
    let published = performance.now();
    published = (await publish()) ?? published;
    const latencies = (await Promise.all(arrivals)).map((at) => at - published);
    latencies.sort((a, b) => a - b);
    const p99 = percentile(latencies, 0.99);
    if (round > 0) warm.push(p99);
    rounds.push(`${percentile(latencies, 0.5).toFixed(1)}/${p99.toFixed(1)}`);
  }
  warm.sort((a, b) => a - b);
  return { text: rounds.join(', '), warmP99: percentile(warm, 0.5) };
}

/** The floor: the same sockets and rounds on a bare `ws` server (bareWsServer.ts). */
async function bareFanOut(count: number): Promise<{ line: string; warmP99: number }> {
  const child = spawn(process.execPath, ['scripts/bench/bareWsServer.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
    const { url } = JSON.parse((await lines.next()).value as string) as { url: string };
    const wsUrl = url.replace(/^http/, 'ws') + '/ws';
    const sockets = await inBatches(
      Array.from({ length: count }, (_, index) => index),
      TICKET_CONCURRENCY,
      () => connect(wsUrl, url, 0),
    );
    try {
      const { text, warmP99 } = await measureRounds(sockets, async () => {
        const response = await fetch(`${url}/publish`, { method: 'POST' });
        if (!response.ok) throw new Error(`bare publish: ${response.status}`);
      });
      return {
        line: `bare ws broadcast: ${count} sockets: fan-out p50/p99 ms per round ${text}`,
        warmP99,
      };
    } finally {
      for (const { socket } of sockets) socket.terminate();
    }
  } finally {
    child.kill('SIGTERM');
  }
}

/**
 * `count` sockets on `holder`; the notice is published through `publisher` (the same server,
 * or another process on the same database). One line of figures.
 */
async function fanOut(
  label: string,
  holder: Child,
  publisher: Child,
  count: number,
): Promise<{ line: string; warmP99: number }> {
  const tokens = await holder.ask<string[]>(`users ${count}`);
  const realtimeUrl = holder.url.replace(/^http/, 'ws') + '/ws';
  const before = await holder.ask<Memory>('memory');
  const opened = performance.now();
  const sockets = await inBatches(tokens, TICKET_CONCURRENCY, (token) =>
    openSocket(holder.url, realtimeUrl, token),
  );
  const openSeconds = (performance.now() - opened) / 1000;
  const after = await holder.ask<Memory>('memory');
  try {
    const statsBefore = await holder.ask<QueryStats>('stats');
    const { text, warmP99 } = await measureRounds(sockets, () =>
      publishNotice(publisher.url, publisher.adminToken),
    );
    const statsAfter = await holder.ask<QueryStats>('stats');
    // SQLite runs in the server's thread: its time per notice is the fold's floor (each
    // user's copy written with its offset), on the same clock as the p99.
    const sqliteMs = (statsAfter.sqliteMicros - statsBefore.sqliteMicros) / 1000 / ROUNDS;
    const commitMs =
      (statsAfter.sqliteCommitMicros - statsBefore.sqliteCommitMicros) / 1000 / ROUNDS;
    const fold =
      sqliteMs > 0
        ? `; SQLite statements per notice ${sqliteMs.toFixed(1)} ms ` +
          `(${((sqliteMs * 1000) / count).toFixed(1)} µs a user, commits ${commitMs.toFixed(1)} ms), ` +
          `${((sqliteMs / warmP99) * 100).toFixed(0)}% of the p99`
        : '';
    const heap = (after.heapUsed + after.external - before.heapUsed - before.external) / count;
    const rss = (after.rss - before.rss) / count;
    const line =
      `${label}: ${count} sockets (opened in ${openSeconds.toFixed(1)} s): fan-out p50/p99 ms ` +
      `per round ${text}; server memory per idle socket ${kb(heap)} KB ` +
      `(heap + external, after a full collection), ${kb(rss)} KB (RSS)${fold}`;
    return { line, warmP99 };
  } finally {
    for (const { socket } of sockets) socket.terminate();
  }
}

/** The realtime figures for one database; PostgreSQL also through a second process. */
export async function benchRealtime(label: string, databaseUrl: string | null): Promise<string[]> {
  const lines: string[] = [];
  const sameProcess = new Map<number, number>();
  for (const size of SIZES) {
    // The floor first, then the hub, in the same run: their ratio is the figure to read.
    const bare = await bareFanOut(size);
    lines.push(bare.line);
    const server = await startServer(databaseUrl ?? undefined, size);
    try {
      const hub = await fanOut(`${label}, one process`, server, server, size);
      sameProcess.set(size, hub.warmP99);
      lines.push(hub.line);
      lines.push(
        `${label}, ${size} sockets: hub p99 ÷ bare ws p99 (median of warm rounds) = ${(hub.warmP99 / bare.warmP99).toFixed(2)}×`,
      );
    } finally {
      await stop(server);
    }
  }
  if (databaseUrl) {
    const size = SIZES[0]!;
    const [holder, publisher] = [
      await startServer(databaseUrl, size),
      await startServer(databaseUrl, size),
    ];
    try {
      const across = await fanOut(
        `${label}, published on another process (LISTEN/NOTIFY)`,
        holder,
        publisher,
        size,
      );
      lines.push(across.line);
      const same = sameProcess.get(size);
      if (same)
        lines.push(
          `${label}, ${size} sockets: another process ÷ one process, p99 (median of warm rounds) = ${(across.warmP99 / same).toFixed(2)}×`,
        );
    } finally {
      await Promise.all([stop(holder), stop(publisher)]);
    }
  }
  return lines;
}

if (import.meta.main) {
  for (const line of await benchRealtime('SQLite', null)) console.log(line);
  const url = process.env.TEST_DATABASE_SOCKET_URL ?? process.env.TEST_DATABASE_URL;
  if (url) for (const line of await benchRealtime('PostgreSQL', url)) console.log(line);
}
