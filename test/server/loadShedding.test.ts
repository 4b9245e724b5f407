// Load shedding fired on purpose (every other test server sets a threshold it never meets):
// while the event loop lags past MAX_EVENT_LOOP_LAG_MS requests get 503 with Retry-After,
// the operator's endpoints still answer, and service comes back once the loop is calm.
// The sampling timer is faked, so the test decides when the lag is read; the stall itself
// is real work on the loop, which is what Node's delay histogram measures.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EVENT_LOOP_SAMPLE_MS, SHED_RETRY_AFTER_SECONDS } from '../../server/http/loadShedding.ts';
import { apiErrors } from '../../contract/api/errors.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { scrape } from './support/prometheus.ts';

const MAX_LAG_MS = 30;

/** Keeps the event loop busy `times` times for `ms`, letting it turn in between. */
async function stallEventLoop(times: number, ms: number): Promise<void> {
  for (let stall = 0; stall < times; stall++) {
    const end = performance.now() + ms;
    while (performance.now() < end) {
      // Busy: nothing else runs.
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Takes a sample of the loop (the faked timer) and asks again, until `path` is served. */
async function sampleUntilServed(server: TestServer, path: string): Promise<void> {
  await expect
    .poll(async () => {
      vi.advanceTimersByTime(EVENT_LOOP_SAMPLE_MS);
      return (await server.request('GET', path)).status;
    })
    .toBe(200);
}

describe('load shedding', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers 503 with Retry-After while the event loop lags, keeps probes answered, and recovers', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const server = await startTestServer({ operations: { maxEventLoopLagMs: MAX_LAG_MS } });
    try {
      // Starting up is busy work too: first a calm sample.
      await sampleUntilServed(server, '/config.json');

      await stallEventLoop(5, 100);
      vi.advanceTimersByTime(EVENT_LOOP_SAMPLE_MS);
      const shed = await server.request('GET', '/config.json', { headers: { lang: 'JP' } });
      expect(shed.status).toBe(503);
      expect(shed.headers.get('retry-after')).toBe(String(SHED_RETRY_AFTER_SECONDS));
      expect(shed.headers.get('x-request-id')).toBeTruthy();
      expect(shed.body).toEqual({
        code: apiErrors.server_busy.code,
        message: 'サーバーが混み合っています。しばらくしてから再度お試しください',
        data: { retry_after_seconds: SHED_RETRY_AFTER_SECONDS },
      });
      const api = await server.request('GET', '/api/v1/user/info');
      expect(api.status).toBe(503);

      // A busy moment must neither fail liveness nor drain the process, nor blind monitoring.
      expect((await server.request('GET', '/healthz')).status).toBe(200);
      const ready = await server.request('GET', '/readyz', { token: server.adminToken });
      expect(ready.status).toBe(200);
      expect(ready.body.checks.event_loop.lag_ms).toBeGreaterThan(MAX_LAG_MS);
      const metrics = await scrape(server);
      expect(metrics.value('ju_load_shed_total')).toBe(2);
      expect(metrics.value('ju_event_loop_lag_seconds')).toBeGreaterThan(MAX_LAG_MS / 1000);
      expect(
        metrics.value('ju_http_requests_total', {
          route: '/config.json',
          method: 'GET',
          status: '503',
        }),
      ).toBe(1);

      // Calm again: the next samples find no lag, and requests are served.
      await sampleUntilServed(server, '/config.json');
      expect((await server.request('GET', '/api/v1/user/info')).status).toBe(401);
    } finally {
      vi.useRealTimers();
      await server.close();
    }
  });

  it('never sheds with a threshold of 0', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const server = await startTestServer({ operations: { maxEventLoopLagMs: 0 } });
    try {
      await stallEventLoop(5, 100);
      vi.advanceTimersByTime(EVENT_LOOP_SAMPLE_MS);
      expect((await server.request('GET', '/config.json')).status).toBe(200);
      const ready = await server.request('GET', '/readyz', { token: server.adminToken });
      expect(ready.body.checks.event_loop.lag_ms).toBeGreaterThan(MAX_LAG_MS);
    } finally {
      vi.useRealTimers();
      await server.close();
    }
  });
});
