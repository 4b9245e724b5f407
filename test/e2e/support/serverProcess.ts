// The reference server as its own operating-system process (`node server/main.ts`), for the
// tests that stop it, kill it with SIGKILL and start it again on the same port and data, as
// an operator's deploy or a crash would.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';

export interface ServerProcessOptions {
  /** Environment on top of the parent's: DATA_DIR, CHAIN_RPC_URL, … */
  env: Record<string, string>;
}

export interface ServerProcess {
  url: string;
  adminToken: string;
  /** Starts (again) on the same port, data and settings. */
  start(): Promise<void>;
  /** SIGTERM: the server's own shutdown; resolves when the process has exited. */
  stop(): Promise<void>;
  /** SIGKILL: no shutdown at all, as in a crash. */
  kill(): Promise<void>;
}

/** A free loopback port, so every start of the same server listens where the page expects. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export async function serverProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const port = await freePort();
  const adminToken = randomBytes(32).toString('hex');
  let child: ChildProcess | null = null;

  const exited = (process: ChildProcess) =>
    new Promise<void>((resolve) => {
      if (process.exitCode !== null || process.signalCode !== null) resolve();
      else process.once('exit', () => resolve());
    });

  const signal = async (name: NodeJS.Signals) => {
    const running = child;
    child = null;
    if (!running) return;
    running.kill(name);
    await exited(running);
  };

  return {
    url: `http://127.0.0.1:${port}`,
    adminToken,
    async start() {
      if (child) throw new Error('the server process is running already');
      const started = spawn(process.execPath, ['server/main.ts'], {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          HOST: '127.0.0.1',
          PORT: String(port),
          ADMIN_TOKEN: adminToken,
          LOG_LEVEL: 'warn',
          SHUTDOWN_DRAIN_SECONDS: '0',
          ...options.env,
        },
      });
      child = started;
      const errors: string[] = [];
      started.stderr!.on('data', (chunk: Buffer) => errors.push(chunk.toString()));
      const lines = createInterface({ input: started.stdout! });
      await new Promise<void>((resolve, reject) => {
        lines.on('line', (line) => {
          if (line.startsWith('JU Wallet is running at')) resolve();
        });
        started.once('exit', (code) =>
          reject(new Error(`the server exited (${code}) before it started: ${errors.join('')}`)),
        );
      });
    },
    stop: () => signal('SIGTERM'),
    kill: () => signal('SIGKILL'),
  };
}
