// The real server as a child process, started the way an operator starts it.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../../..');
export const NODE = path.join(ROOT, 'node_modules/.bin/node');

/** Starts `node server/main.ts` and resolves with its URL once it says it is running. */
export function startServerProcess(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(NODE, ['server/main.ts'], {
      cwd: ROOT,
      // Load shedding never fires by accident (see NEVER_SHED in harness.ts).
      env: { PATH: process.env.PATH, MAX_EVENT_LOOP_LAG_MS: '600000', ...env },
    });
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = /JU Wallet is running at (http:\/\/\S+)/.exec(output);
      if (match) resolve({ child, url: match[1]! });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

export function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}
