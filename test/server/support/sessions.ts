// The session cache (server/auth/sessionCache.ts) in tests: a process answers from memory
// only once its listener has proven itself up to date, so a test about what a kept session
// costs, or about a kept session being refused, first waits until the server keeps it.
import { expect } from 'vitest';
import { sessionCacheOf } from '../../../server/sessions/sessionCache.ts';
import { hashToken } from '../../../server/sessions/sessions.ts';
import { readQueryStats, type QueryStats } from '../../../server/db/queryStats.ts';
import type { TestServer } from '../harness.ts';
import { captureStatements, type RunStatement } from './statements.ts';

/** Whether `server` answers for `token` from memory now. */
export function keeps(server: TestServer, token: string): boolean {
  return (
    sessionCacheOf(server.db).find(hashToken(token), server.clock.now().toISOString()) !== null
  );
}

/** Signed-in calls with `token` until `server` keeps its session (a few seconds at most). */
export async function untilKept(server: TestServer, token: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!keeps(server, token)) {
    expect(Date.now(), 'the session was never kept').toBeLessThan(deadline);
    const answer = await server.request('GET', '/api/v1/user/info', { token });
    expect(answer.status, answer.text).toBe(200);
    if (!keeps(server, token)) await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Runs `call` with `token`'s session kept, and answers what it ran: the statements and the
 * query statistics around it. A machine busy enough to delay the cache's heartbeat past its
 * lease makes the call read its session after all; it is then measured again.
 */
export async function measuredWithSessionKept<T>(
  server: TestServer,
  token: string,
  call: () => Promise<T>,
): Promise<{ result: T; statements: RunStatement[]; before: QueryStats; after: QueryStats }> {
  for (let attempt = 1; ; attempt++) {
    await untilKept(server, token);
    const before = readQueryStats();
    const { result, statements } = await captureStatements(call);
    const after = readQueryStats();
    const readSession = statements.some((run) => /from "sessions"/i.test(run.sql));
    if (!readSession || attempt === 3) return { result, statements, before, after };
  }
}
