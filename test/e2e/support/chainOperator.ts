// What the operator does for payments on the chain during a demo, through the server's admin
// API (the calls `npm run admin -- ticket|cycle|release|chain …` make).
import { randomUUID } from 'node:crypto';
import { adminChainPaths } from '../../../server/admin/contractChain.ts';

export interface ChainOperator {
  /** Pending (or all) ticket dividend applications, newest first. */
  ticketApplications(status?: 'pending' | 'approved' | 'rejected'): Promise<{ id: string }[]>;
  reviewTicket(id: string, approve: boolean, reason?: string): Promise<void>;
  /** Moves JU into the mutual-aid pool that pays cycle returns. */
  fundCyclePool(amount: string): Promise<void>;
  fundReleasePool(amount: string): Promise<void>;
  /** Runs the background jobs now (pending payments, due cycles), instead of waiting. */
  runJobs(): Promise<{ paid_cycles: number; waiting_cycles: number }>;
}

export function createChainOperator(baseUrl: string, adminToken: string): ChainOperator {
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${adminToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const answer = (await response.json()) as { code: number; message: string; data: T };
    if (answer.code !== 200) throw new Error(`${method} ${path}: ${answer.code} ${answer.message}`);
    return answer.data;
  }
  return {
    async ticketApplications(status) {
      const query = status ? `?status=${status}` : '';
      const data = await call<{ list: { id: string }[] }>(
        'GET',
        `${adminChainPaths.ticketApplications}${query}`,
      );
      return data.list;
    },
    async reviewTicket(id, approve, reason) {
      await call('POST', adminChainPaths.ticketReview, {
        id,
        approve,
        ...(reason ? { reason } : {}),
      });
    },
    async fundCyclePool(amount) {
      await call('POST', adminChainPaths.cycleFund, { amount, idempotency_key: randomUUID() });
    },
    async fundReleasePool(amount) {
      await call('POST', adminChainPaths.releaseFund, { amount, idempotency_key: randomUUID() });
    },
    runJobs: () => call('POST', adminChainPaths.runJobs, {}),
  };
}
