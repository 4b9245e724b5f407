// `npm start` is quiet about requests that went well by default, and writes a line for each
// refused one (support looks up the request id a user quotes); LOG_LEVEL=debug writes one
// line for every request.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exitOf, startServerProcess } from './support/serverProcess.ts';

/** Everything the server wrote around requests for `paths`, up to the end of its shutdown. */
async function outputAroundRequests(
  logLevel: string | null,
  paths = ['/config.json', '/config.json'],
): Promise<{ output: string; ids: string[] }> {
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
    const ids: string[] = [];
    for (const requested of paths) {
      const answer = await fetch(`${url}${requested}`);
      await answer.arrayBuffer();
      ids.push(answer.headers.get('x-request-id')!);
    }
    // Shutting down writes a line of its own after anything the requests wrote.
    const exited = exitOf(child);
    child.kill('SIGTERM');
    await exited;
    expect(output).toMatch(/SIGTERM/);
    return { output, ids };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('request log', () => {
  it('writes nothing for a request that went well by default', async () => {
    expect((await outputAroundRequests(null)).output).not.toMatch(/config\.json/);
  });

  it('writes one line, with its request id, for a refused request by default', async () => {
    const { output, ids } = await outputAroundRequests(null, ['/config.json', '/api/v1/nope']);
    const lines = output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg: string; request_id?: string; level: number });
    const refused = lines.filter((line) => line.msg.startsWith('GET /api/v1/nope 404 '));
    expect(refused).toEqual([expect.objectContaining({ request_id: ids[1], level: 30 })]);
    expect(output).not.toMatch(/config\.json/);
  });

  it('writes one line per request at debug level', async () => {
    const { output } = await outputAroundRequests('debug');
    expect(output.match(/GET \/config\.json 200 /g)).toHaveLength(2);
  });
});
