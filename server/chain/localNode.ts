// The embedded chain: a local Anvil node (the `@foundry-rs/anvil` npm package ships its
// binary) on 127.0.0.1, on a port the system picks, with chain id 210000 by default. Its
// state is kept in a directory, so balances and mined payments survive a restart.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export interface LocalNodeOptions {
  /** Where the chain's state is kept (`<stateDir>/state.json`); none: a throwaway chain. */
  stateDir?: string;
  chainId?: number;
  /** 0 (the default): a free port the system picks. */
  port?: number;
  /** Milliseconds to wait for the node to listen. */
  startTimeoutMs?: number;
}

export interface LocalNode {
  rpcUrl: string;
  chainId: number;
  /** Stops the node, writing its state first; safe to call twice. */
  stop(): Promise<void>;
}

export const LOCAL_CHAIN_ID = 210_000;
const STATE_DUMP_INTERVAL_SECONDS = 5;

const BINARY_PACKAGES: Record<string, string> = {
  'linux-x64': '@foundry-rs/anvil-linux-amd64',
  'linux-arm64': '@foundry-rs/anvil-linux-arm64',
  'darwin-x64': '@foundry-rs/anvil-darwin-amd64',
  'darwin-arm64': '@foundry-rs/anvil-darwin-arm64',
  'win32-x64': '@foundry-rs/anvil-win32-amd64',
};

/** The Anvil binary for this machine, found where `@foundry-rs/anvil` installed it. */
export function anvilBinaryPath(): string {
  const platformPackage = BINARY_PACKAGES[`${process.platform}-${process.arch}`];
  if (!platformPackage) throw new Error(`No Anvil binary for ${process.platform}-${process.arch}`);
  // Resolve from the wrapper package, whose optional dependency the binary package is.
  const fromWrapper = createRequire(
    createRequire(import.meta.url).resolve('@foundry-rs/anvil/package.json'),
  );
  const binary = path.join(
    path.dirname(fromWrapper.resolve(`${platformPackage}/package.json`)),
    'bin',
    process.platform === 'win32' ? 'anvil.exe' : 'anvil',
  );
  if (!existsSync(binary)) throw new Error(`The Anvil binary is missing at ${binary}`);
  return binary;
}

export async function startLocalNode(options: LocalNodeOptions = {}): Promise<LocalNode> {
  const chainId = options.chainId ?? LOCAL_CHAIN_ID;
  const args = [
    '--host',
    '127.0.0.1',
    '--port',
    String(options.port ?? 0),
    '--chain-id',
    String(chainId),
  ];
  if (options.stateDir) {
    mkdirSync(options.stateDir, { recursive: true });
    const stateFile = path.join(options.stateDir, 'state.json');
    // Written on exit and every few seconds, so a crash loses at most that much.
    args.push(
      '--state',
      stateFile,
      '--state-interval',
      String(STATE_DUMP_INTERVAL_SECONDS),
      '--preserve-historical-states',
    );
  }
  let child = spawnGuarded(anvilBinaryPath(), args);
  let rpcUrl: string;
  try {
    rpcUrl = await waitForListening(child, options.startTimeoutMs ?? 20_000);
  } catch (error) {
    // The chosen port is taken (another node, another checkout): any free port will do.
    if (!options.port || !/in use|AddrInUse/i.test(String(error))) throw error;
    args[args.indexOf('--port') + 1] = '0';
    child = spawnGuarded(anvilBinaryPath(), args);
    rpcUrl = await waitForListening(child, options.startTimeoutMs ?? 20_000);
  }
  let stopped: Promise<void> | null = null;
  return {
    rpcUrl,
    chainId,
    stop() {
      stopped ??= stopChild(child);
      return stopped;
    },
  };
}

// Anvil runs under a small Node guardian that holds a pipe from this process: when this
// process dies in any way (SIGKILL included) the pipe closes and the guardian stops Anvil
// with SIGINT, so no node outlives the server or the test that started it.
const GUARDIAN = `
const { spawn } = require('node:child_process');
const [binary, ...args] = process.argv.slice(1);
const node = spawn(binary, args, { stdio: ['ignore', 'inherit', 'inherit'] });
const stop = () => node.kill('SIGINT');
process.stdin.on('end', stop);
process.stdin.on('error', stop);
process.stdin.resume();
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
node.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
`;

function spawnGuarded(binary: string, args: string[]): ChildProcess {
  return spawn(process.execPath, ['-e', GUARDIAN, binary, ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

function waitForListening(child: ChildProcess, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const fail = (reason: string) => {
      clearTimeout(timer);
      // SIGTERM, not SIGKILL: the guardian passes it on to Anvil.
      child.kill('SIGTERM');
      reject(new Error(`Anvil did not start: ${reason}\n${output.slice(-2000)}`));
    };
    const timer = setTimeout(() => fail(`no answer within ${timeoutMs} ms`), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /Listening on (127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        // Keep draining the pipes so the node never blocks on a full buffer.
        child.stdout?.removeListener('data', onData);
        child.stdout?.resume();
        resolve(`http://${match[1]}`);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.once('error', (error) => fail(error.message));
    child.once('exit', (code, signal) => fail(`exited (${code ?? signal})`));
  });
}

/** SIGINT first (Anvil writes its state on it), SIGKILL if it does not go in time. */
function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGINT');
  });
}
