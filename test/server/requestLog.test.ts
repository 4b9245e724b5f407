// `npm start` is quiet about requests by default; LOG_LEVEL=debug writes one line for each.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exitOf, startServerProcess } from './support/serverProcess.ts';

/** Everything the server wrote after two requests, up to the end of its shutdown. */
async function outputAroundTwoRequests(logLevel: string | null): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ju-request-log-'));
  try {
    const { child, url } = await startServerProcess({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: path.join(dataDir, 'no-dist'),
      // A chain that is never called here, so no local chain starts for this test.
      CHAIN_RPC_URL: 'http://127.0.0.1:9/',
      ...(logLevel ? { LOG_LEVEL: logLevel } : {}),
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
    for (let request = 0; request < 2; request++) {
      expect((await fetch(`${url}/config.json`)).status).toBe(200);
    }
    // Shutting down writes a line of its own after anything the requests wrote.
    const exited = exitOf(child);
    child.kill('SIGTERM');
    await exited;
    expect(output).toMatch(/SIGTERM/);
    return output;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('request log', () => {
  it('writes nothing per request by default', async () => {
    expect(await outputAroundTwoRequests(null)).not.toMatch(/config\.json/);
  });

  it('writes one line per request at debug level', async () => {
    const output = await outputAroundTwoRequests('debug');
    expect(output.match(/GET \/config\.json 200 /g)).toHaveLength(2);
  });
});
