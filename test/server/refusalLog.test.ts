// A client refused again and again cannot fill the log: refusal lines are sampled per client
// address (REFUSAL_LINES_PER_MINUTE a minute), the ones left out counted in GET /metrics and
// announced on the address's next line; other addresses, and failures of the server, keep
// every line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUSAL_LINES_PER_MINUTE } from '../../server/http/requestLog.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { scrape } from './support/prometheus.ts';

describe('refusal log lines', () => {
  let server: TestServer;
  const lines: Array<Record<string, unknown>> = [];
  beforeAll(async () => {
    server = await startTestServer({
      trustProxy: true,
      logger: {
        level: 'info',
        stream: { write: (line: string) => void lines.push(JSON.parse(line)) },
      },
    });
  });
  afterAll(() => server.close());

  const refusedFrom = (address: string) =>
    server.request('GET', '/api/v1/user/info', {
      token: `not-a-session-${Math.random()}`,
      headers: { 'x-forwarded-for': address },
    });
  const refusalLines = (after: number) =>
    lines.slice(after).filter((line) => String(line.msg).startsWith('GET /api/v1/user/info 401'));

  it('writes a few lines a minute per address, and counts the rest', async () => {
    expect(REFUSAL_LINES_PER_MINUTE).toBe(20);
    const before = lines.length;
    for (let i = 0; i < 100; i++) expect((await refusedFrom('203.0.113.9')).status).toBe(401);
    expect(refusalLines(before)).toHaveLength(20);
    expect((await scrape(server)).value('ju_refusal_log_lines_dropped_total')).toBe(80);

    // Another address has lines of its own.
    const other = lines.length;
    for (let i = 0; i < 3; i++) await refusedFrom('203.0.113.10');
    expect(refusalLines(other)).toHaveLength(3);

    // A minute later the address writes again, saying how many were left out.
    server.clock.advance(60_000);
    const later = lines.length;
    await refusedFrom('203.0.113.9');
    expect(refusalLines(later)).toEqual([expect.objectContaining({ dropped_refusal_lines: 80 })]);
  });
});
