// The operator's endpoints, for load balancers, Kubernetes probes and Prometheus:
//   GET /healthz  the process is up and answering (no I/O): 200 {status: 'ok'}
//   GET /readyz   it should get traffic (readiness.ts): 200 ready/degraded, 503 otherwise;
//                 the status alone, and each check's figures only with the operator token
//   GET /metrics  Prometheus text, with the operator token (Authorization: Bearer)
// They answer whatever Host names the server (a balancer or a probe uses its address, not
// the public name) and are never shed under load.
import type { FastifyInstance } from 'fastify';
import type { HttpContext } from './httpContext.ts';
import { isOperator, requireAdmin } from './authenticate.ts';
import type { ReadinessReport } from './readiness.ts';

export const OPERATOR_PATHS = ['/healthz', '/readyz', '/metrics'] as const;

const operatorPaths = new Set<string>(OPERATOR_PATHS);

/** Whether a request URL is one of the operator's endpoints (a query string allowed). */
export function isOperatorPath(url: string): boolean {
  const query = url.indexOf('?');
  return operatorPaths.has(query === -1 ? url : url.slice(0, query));
}

export function registerOperatorRoutes(
  app: FastifyInstance,
  context: HttpContext,
  readiness: () => Promise<ReadinessReport>,
): void {
  app.get('/healthz', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', async (request, reply) => {
    const report = await readiness();
    const ready = report.status === 'ready' || report.status === 'degraded';
    // Latencies, migrations, the chain and the event loop tell an outsider how to hurt the
    // server, and when it hurts: the operator's.
    const shown = (await isOperator(context, request)) ? report : { status: report.status };
    return reply
      .status(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(shown);
  });

  app.get('/metrics', async (request, reply) => {
    // Business volumes are not public, and behind a proxy every caller is on loopback.
    await requireAdmin(context, request);
    const { registry } = context.metrics;
    const text = await registry.metrics();
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(text);
  });
}
